// Names below the helpers are generated from surface.json exports (pi-coding-agent); keep them in sync.
// tau's stand-in for Pi 1.6.0's `@earendil-works/pi-coding-agent` main entry (and the legacy
// `@mariozechner/pi-coding-agent`), which extensions import through the host's alias map. It exports every
// runtime name Pi does. Pure helpers are implemented (helpers.mjs, conversation.mjs), the built-in tool
// factories run tau's tools (builtin-tools.mjs); everything else is present so imports and
// `class X extends CustomEditor` succeed, but throws when called or constructed, naming the member.

export {
  DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, createEventBus, defineTool, formatSize, getAgentDir, isBashToolResult,
  isEditToolResult, isFindToolResult, isGrepToolResult, isLsToolResult, isPowerShellToolResult,
  isReadToolResult, isToolCallEventType, isWriteToolResult, parseFrontmatter, stripFrontmatter, truncateHead,
  truncateLine, truncateTail, withFileMutationQueue,
} from "./helpers.mjs";
export {
  createBashTool, createBashToolDefinition, createCodingTools, createEditTool, createEditToolDefinition, createFindTool,
  createFindToolDefinition, createGrepTool, createGrepToolDefinition, createLsTool, createLsToolDefinition,
  createPowerShellTool, createPowerShellToolDefinition, createReadOnlyTools, createReadTool, createReadToolDefinition,
  createWriteTool, createWriteToolDefinition,
} from "./builtin-tools.mjs";
export {
  calculateContextTokens, convertToLlm, estimateTokens, formatReadLineRange, getLastAssistantUsage, serializeConversation,
  shouldCompact,
} from "./conversation.mjs";

/** Project config folder name (`<cwd>/.pi/...`); tau reads Pi's project layout. Override: TAU_CONFIG_DIR_NAME. */
export const CONFIG_DIR_NAME = process.env.TAU_CONFIG_DIR_NAME || ".pi";
/** The Pi version whose extension API tau implements; extensions gate features on it. */
export const VERSION = "1.6.0";
/** Session file format version Pi 1.6.0 writes. */
export const CURRENT_SESSION_VERSION = 3;
/** Pi's compaction defaults. */
export const DEFAULT_COMPACTION_SETTINGS = Object.freeze({ enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 });
/** customType of the entry Pi uses to persist virtual model state. */
export const VIRTUAL_MODEL_STATE_ENTRY = "pi.virtual-model-state";

/** @param {string} name */
function notSupported(name) {
  return new Error(`${name} from @earendil-works/pi-coding-agent is not supported by tau yet`);
}

/**
 * A function that throws when called.
 * @param {string} name
 */
function unsupportedFunction(name) {
  const fn = () => {
    throw notSupported(name);
  };
  Object.defineProperty(fn, "name", { value: name });
  return fn;
}

/**
 * A class that can be extended but throws when constructed.
 * @param {string} name
 */
function unsupportedClass(name) {
  const cls = class {
    constructor() {
      throw notSupported(name);
    }
  };
  Object.defineProperty(cls, "name", { value: name });
  return cls;
}

export const OAuthSelectorComponent = unsupportedClass("OAuthSelectorComponent");
export const AgentSession = unsupportedClass("AgentSession");
export const AgentSessionRuntime = unsupportedClass("AgentSessionRuntime");
export const ArminComponent = unsupportedClass("ArminComponent");
export const AssistantMessageComponent = unsupportedClass("AssistantMessageComponent");
export const BashExecutionComponent = unsupportedClass("BashExecutionComponent");
export const BorderedLoader = unsupportedClass("BorderedLoader");
export const BranchSummaryMessageComponent = unsupportedClass("BranchSummaryMessageComponent");
export const CompactionSummaryMessageComponent = unsupportedClass("CompactionSummaryMessageComponent");
export const CredentialSynchronizationError = unsupportedClass("CredentialSynchronizationError");
export const CustomEditor = unsupportedClass("CustomEditor");
export const CustomMessageComponent = unsupportedClass("CustomMessageComponent");
export const DefaultPackageManager = unsupportedClass("DefaultPackageManager");
export const DefaultResourceLoader = unsupportedClass("DefaultResourceLoader");
export const DynamicBorder = unsupportedClass("DynamicBorder");
export const ExtensionEditorComponent = unsupportedClass("ExtensionEditorComponent");
export const ExtensionInputComponent = unsupportedClass("ExtensionInputComponent");
export const ExtensionRunner = unsupportedClass("ExtensionRunner");
export const ExtensionSelectorComponent = unsupportedClass("ExtensionSelectorComponent");
export const FooterComponent = unsupportedClass("FooterComponent");
export const InteractiveMode = unsupportedClass("InteractiveMode");
export const LoginDialogComponent = unsupportedClass("LoginDialogComponent");
export const ModelRegistry = unsupportedClass("ModelRegistry");
export const ModelRuntime = unsupportedClass("ModelRuntime");
export const ModelSelectorComponent = unsupportedClass("ModelSelectorComponent");
export const ProjectTrustStore = unsupportedClass("ProjectTrustStore");
export const RpcClient = unsupportedClass("RpcClient");
export const SessionManager = unsupportedClass("SessionManager");
export const SessionSelectorComponent = unsupportedClass("SessionSelectorComponent");
export const SettingsManager = unsupportedClass("SettingsManager");
export const SettingsSelectorComponent = unsupportedClass("SettingsSelectorComponent");
export const ShowImagesSelectorComponent = unsupportedClass("ShowImagesSelectorComponent");
export const SkillInvocationMessageComponent = unsupportedClass("SkillInvocationMessageComponent");
export const Theme = unsupportedClass("Theme");
export const ThemeSelectorComponent = unsupportedClass("ThemeSelectorComponent");
export const ThinkingSelectorComponent = unsupportedClass("ThinkingSelectorComponent");
export const ToolExecutionComponent = unsupportedClass("ToolExecutionComponent");
export const TreeSelectorComponent = unsupportedClass("TreeSelectorComponent");
export const UserMessageComponent = unsupportedClass("UserMessageComponent");
export const UserMessageSelectorComponent = unsupportedClass("UserMessageSelectorComponent");
export const buildContextEntries = unsupportedFunction("buildContextEntries");
export const buildSessionContext = unsupportedFunction("buildSessionContext");
export const buildSessionProjection = unsupportedFunction("buildSessionProjection");
export const collectEntriesForBranchSummary = unsupportedFunction("collectEntriesForBranchSummary");
export const compact = unsupportedFunction("compact");
export const convertToPng = unsupportedFunction("convertToPng");
export const copyToClipboard = unsupportedFunction("copyToClipboard");
export const createAgentSession = unsupportedFunction("createAgentSession");
export const createAgentSessionFromServices = unsupportedFunction("createAgentSessionFromServices");
export const createAgentSessionRuntime = unsupportedFunction("createAgentSessionRuntime");
export const createAgentSessionServices = unsupportedFunction("createAgentSessionServices");
export const createCodemodeExtension = unsupportedFunction("createCodemodeExtension");
export const createExtensionRuntime = unsupportedFunction("createExtensionRuntime");
export const createLocalBashOperations = unsupportedFunction("createLocalBashOperations");
export const createLocalPowerShellOperations = unsupportedFunction("createLocalPowerShellOperations");
export const createMcpExtension = unsupportedFunction("createMcpExtension");
export const createSyntheticSourceInfo = unsupportedFunction("createSyntheticSourceInfo");
export const createToolSearchExtension = unsupportedFunction("createToolSearchExtension");
export const detectSupportedImageMimeTypeFromFile = unsupportedFunction("detectSupportedImageMimeTypeFromFile");
export const discoverAndLoadExtensions = unsupportedFunction("discoverAndLoadExtensions");
export const findCutPoint = unsupportedFunction("findCutPoint");
export const findTurnStartIndex = unsupportedFunction("findTurnStartIndex");
export const formatDimensionNote = unsupportedFunction("formatDimensionNote");
export const formatSkillsForPrompt = unsupportedFunction("formatSkillsForPrompt");
export const generateBranchSummary = unsupportedFunction("generateBranchSummary");
export const generateDiffString = unsupportedFunction("generateDiffString");
export const generateSummary = unsupportedFunction("generateSummary");
export const generateSummaryWithUsage = unsupportedFunction("generateSummaryWithUsage");
export const generateUnifiedPatch = unsupportedFunction("generateUnifiedPatch");
export const getDocsPath = unsupportedFunction("getDocsPath");
export const getExamplesPath = unsupportedFunction("getExamplesPath");
export const getLanguageFromPath = unsupportedFunction("getLanguageFromPath");
export const getLatestCompactionEntry = unsupportedFunction("getLatestCompactionEntry");
export const getMarkdownTheme = unsupportedFunction("getMarkdownTheme");
export const getPackageDir = unsupportedFunction("getPackageDir");
export const getPowerShellConfig = unsupportedFunction("getPowerShellConfig");
export const getReadmePath = unsupportedFunction("getReadmePath");
export const getSelectListTheme = unsupportedFunction("getSelectListTheme");
export const getSettingsListTheme = unsupportedFunction("getSettingsListTheme");
export const getShellConfig = unsupportedFunction("getShellConfig");
export const hasTrustRequiringProjectResources = unsupportedFunction("hasTrustRequiringProjectResources");
export const highlightCode = unsupportedFunction("highlightCode");
export const initTheme = unsupportedFunction("initTheme");
export const keyHint = unsupportedFunction("keyHint");
export const keyText = unsupportedFunction("keyText");
export const loadProjectContextFiles = unsupportedFunction("loadProjectContextFiles");
export const loadSkills = unsupportedFunction("loadSkills");
export const loadSkillsFromDir = unsupportedFunction("loadSkillsFromDir");
export const main = unsupportedFunction("main");
export const migrateSessionEntries = unsupportedFunction("migrateSessionEntries");
export const parseArgs = unsupportedFunction("parseArgs");
export const parseSessionEntries = unsupportedFunction("parseSessionEntries");
export const parseSkillBlock = unsupportedFunction("parseSkillBlock");
export const prepareBranchEntries = unsupportedFunction("prepareBranchEntries");
export const rawKeyHint = unsupportedFunction("rawKeyHint");
export const readStoredCredential = unsupportedFunction("readStoredCredential");
export const renderDiff = unsupportedFunction("renderDiff");
export const resizeImage = unsupportedFunction("resizeImage");
export const resolveCliModel = unsupportedFunction("resolveCliModel");
export const resolveModelScopeWithDiagnostics = unsupportedFunction("resolveModelScopeWithDiagnostics");
export const runPrintMode = unsupportedFunction("runPrintMode");
export const runRpcMode = unsupportedFunction("runRpcMode");
export const sessionEntryToContextMessages = unsupportedFunction("sessionEntryToContextMessages");
export const truncateToVisualLines = unsupportedFunction("truncateToVisualLines");
export const wrapRegisteredTool = unsupportedFunction("wrapRegisteredTool");
export const wrapRegisteredTools = unsupportedFunction("wrapRegisteredTools");
