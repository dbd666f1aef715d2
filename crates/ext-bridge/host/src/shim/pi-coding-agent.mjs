// tau's module behind `@earendil-works/pi-coding-agent` (and the legacy `@mariozechner/pi-coding-agent`),
// which extensions import through the host's alias map. It has exactly the runtime exports of Pi 1.6.0's
// main entry and, for everything that does not need the live session, they are the real package's own
// (pi-package.mjs loads it as a dependency of the host): components, themes, key hints, session and
// settings files, compaction and diff helpers, model registry, the built-in tool factories (whose tools
// run Pi's own tool code in the host, as in Pi), ... Bound to tau instead: the agent folder (tau's) and
// the project config folder name (TAU_CONFIG_DIR_NAME), in bound.mjs. Pi's own engine (agent sessions,
// its modes, its extension runner and RPC client) is never run: those names are there so imports and
// `extends` succeed, but throw when called or constructed. The list of real names follows the package's exports; keep it in sync.

import { pi } from "./pi-package.mjs";

export const {
  ArminComponent, AssistantMessageComponent, BashExecutionComponent, BorderedLoader,
  BranchSummaryMessageComponent, CURRENT_SESSION_VERSION, CompactionSummaryMessageComponent,
  CredentialSynchronizationError, CustomEditor, CustomMessageComponent, DEFAULT_COMPACTION_SETTINGS,
  DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, DefaultPackageManager, DefaultResourceLoader, DynamicBorder,
  ExtensionEditorComponent, ExtensionInputComponent, ExtensionSelectorComponent, FooterComponent,
  LoginDialogComponent, ModelRegistry, ModelRuntime, ModelSelectorComponent, OAuthSelectorComponent,
  ProjectTrustStore, SessionManager, SessionSelectorComponent, SettingsManager, SettingsSelectorComponent,
  ShowImagesSelectorComponent, SkillInvocationMessageComponent, Theme, ThemeSelectorComponent,
  ThinkingSelectorComponent, ToolExecutionComponent, TreeSelectorComponent, UserMessageComponent,
  UserMessageSelectorComponent, VERSION, VIRTUAL_MODEL_STATE_ENTRY, buildContextEntries, buildSessionContext,
  buildSessionProjection, calculateContextTokens, collectEntriesForBranchSummary, compact, convertToLlm,
  convertToPng, copyToClipboard, createBashTool, createBashToolDefinition, createCodemodeExtension,
  createCodingTools, createEditTool, createEditToolDefinition, createEventBus, createExtensionRuntime,
  createFindTool, createFindToolDefinition, createGrepTool, createGrepToolDefinition,
  createLocalBashOperations, createLocalPowerShellOperations, createLsTool, createLsToolDefinition,
  createMcpExtension, createPowerShellTool, createPowerShellToolDefinition, createReadOnlyTools,
  createReadTool, createReadToolDefinition, createSyntheticSourceInfo, createToolSearchExtension,
  createWriteTool, createWriteToolDefinition, defineTool, detectSupportedImageMimeTypeFromFile,
  discoverAndLoadExtensions, estimateTokens, findCutPoint, findTurnStartIndex, formatDimensionNote,
  formatReadLineRange, formatSize, formatSkillsForPrompt, generateBranchSummary, generateDiffString,
  generateSummary, generateSummaryWithUsage, generateUnifiedPatch, getDocsPath, getExamplesPath,
  getLanguageFromPath, getLastAssistantUsage, getLatestCompactionEntry, getMarkdownTheme, getPackageDir,
  getPowerShellConfig, getReadmePath, getSelectListTheme, getSettingsListTheme, getShellConfig,
  hasTrustRequiringProjectResources, highlightCode, initTheme, isBashToolResult, isEditToolResult,
  isFindToolResult, isGrepToolResult, isLsToolResult, isPowerShellToolResult, isReadToolResult,
  isToolCallEventType, isWriteToolResult, keyHint, keyText, loadProjectContextFiles, loadSkills,
  loadSkillsFromDir, migrateSessionEntries, parseArgs, parseFrontmatter, parseSessionEntries,
  parseSkillBlock, prepareBranchEntries, rawKeyHint, readStoredCredential, renderDiff, resizeImage,
  resolveCliModel, resolveModelScopeWithDiagnostics, serializeConversation, sessionEntryToContextMessages,
  shouldCompact, stripFrontmatter, truncateHead, truncateLine, truncateTail, truncateToVisualLines,
  withFileMutationQueue, wrapRegisteredTool, wrapRegisteredTools,} = pi;

// tau's own names (agent folder, config folder name, Pi's engine stand-ins) live in bound.mjs, which the
// lazy view of this module (bundle.mjs) loads on its own.
export * from "./bound.mjs";
