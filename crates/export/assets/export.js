// tau session export: switch branches, filter the tree, toggle folded parts.
// Everything the page shows is already in the document; this only shows and hides it.
(function () {
  'use strict';

  var rows = Array.prototype.slice.call(document.querySelectorAll('#tree .row'));
  var rowOf = new Map();
  var parentOf = new Map();
  var idToN = new Map();
  rows.forEach(function (row) {
    var n = row.dataset.n;
    rowOf.set(n, row);
    if (row.dataset.p !== undefined) parentOf.set(n, row.dataset.p);
    if (row.dataset.id !== undefined) idToN.set(row.dataset.id, n);
  });
  var sectionOf = new Map();
  document.querySelectorAll('#messages .entry').forEach(function (section) {
    sectionOf.set(section.dataset.n, section);
  });

  // The entries from the root down to `leaf`.
  function pathTo(leaf) {
    var path = new Set();
    var current = leaf;
    while (current !== undefined && !path.has(current)) {
      path.add(current);
      current = parentOf.get(current);
    }
    return path;
  }

  // The element that shows entry `n`: its section, or the tool call a result belongs to.
  function elementOf(n) {
    return sectionOf.get(n) || document.querySelector('.tool[data-result-n="' + n + '"]');
  }

  function navigate(leaf, target) {
    if (!rowOf.has(leaf)) return;
    var path = pathTo(leaf);
    sectionOf.forEach(function (section, n) { section.hidden = !path.has(n); });
    rows.forEach(function (row) {
      row.classList.toggle('on-path', path.has(row.dataset.n));
      row.classList.toggle('leaf', row.dataset.n === leaf);
      row.classList.toggle('target', row.dataset.n === target);
    });
    var element = target !== undefined ? elementOf(target) : null;
    if (element) {
      if (element.classList.contains('hidden-message')) setHidden(true);
      element.scrollIntoView({ block: 'center' });
      element.classList.add('highlight');
      setTimeout(function () { element.classList.remove('highlight'); }, 1500);
    }
  }

  // A link to each entry on the branch shown (Pi's deep link), for sharing a place.
  function currentLeaf() {
    var row = document.querySelector('#tree .row.leaf');
    return row ? row.dataset.id : undefined;
  }
  sectionOf.forEach(function (section) {
    var id = section.id.replace(/^entry-/, '');
    if (!section.id) return;
    var link = document.createElement('a');
    link.className = 'permalink';
    link.textContent = '#';
    link.title = 'Link to this entry on this branch';
    link.href = '#' + section.id;
    // Clicked: the link names the branch shown too, so it opens the same view.
    link.addEventListener('click', function () {
      var params = new URLSearchParams();
      var leaf = currentLeaf();
      if (leaf !== undefined) params.set('leafId', leaf);
      params.set('targetId', id);
      link.href = '#' + params.toString();
    });
    section.insertBefore(link, section.firstChild);
  });

  // A row leads to the newest leaf below it, as in Pi's export.
  function select(row) {
    navigate(row.dataset.leaf || row.dataset.n, row.dataset.n);
  }
  rows.forEach(function (row) {
    row.addEventListener('click', function () { select(row); });
    row.addEventListener('keydown', function (event) {
      if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); select(row); }
    });
  });

  // Filters and search over the tree's rows.
  var filter = 'default';
  var search = document.getElementById('tree-search');
  function applyFilter() {
    var words = (search ? search.value : '').toLowerCase().split(/\s+/).filter(Boolean);
    rows.forEach(function (row) {
      var kind = row.dataset.kind;
      var pass = true;
      if (filter === 'default') pass = kind !== 'setting';
      else if (filter === 'no-tools') pass = kind !== 'setting' && kind !== 'tool';
      else if (filter === 'user') pass = kind === 'user';
      else if (filter === 'labeled') pass = row.dataset.labeled !== undefined;
      if (pass && words.length) {
        var text = row.textContent.toLowerCase();
        pass = words.every(function (word) { return text.indexOf(word) >= 0; });
      }
      row.hidden = !pass;
    });
  }
  document.querySelectorAll('[data-filter]').forEach(function (button) {
    button.addEventListener('click', function () {
      filter = button.dataset.filter;
      document.querySelectorAll('[data-filter]').forEach(function (b) {
        b.setAttribute('aria-pressed', String(b === button));
      });
      applyFilter();
    });
  });
  if (search) search.addEventListener('input', applyFilter);

  // View toggles (buttons and the T, O, H keys).
  var thinkingOpen = true;
  var toolsOpen = false;
  var hiddenShown = false;
  function press(action, on) {
    var button = document.querySelector('[data-action="' + action + '"]');
    if (button) button.setAttribute('aria-pressed', String(on));
  }
  function setThinking(open) {
    thinkingOpen = open;
    document.querySelectorAll('details.thinking').forEach(function (d) { d.open = open; });
    press('thinking', open);
  }
  function setTools(open) {
    toolsOpen = open;
    document.querySelectorAll('.tool details.more').forEach(function (d) { d.open = open; });
    press('tools', open);
  }
  function setHidden(shown) {
    hiddenShown = shown;
    document.body.classList.toggle('show-hidden', shown);
    press('hidden', shown);
  }
  var actions = {
    thinking: function () { setThinking(!thinkingOpen); },
    tools: function () { setTools(!toolsOpen); },
    hidden: function () { setHidden(!hiddenShown); },
    sidebar: function () { document.body.classList.toggle('sidebar-open'); }
  };
  document.querySelectorAll('[data-action]').forEach(function (button) {
    button.addEventListener('click', function () { actions[button.dataset.action](); });
  });
  document.addEventListener('keydown', function (event) {
    var target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
    var key = event.key.toLowerCase();
    if (key === 't') actions.thinking();
    else if (key === 'o') actions.tools();
    else if (key === 'h') actions.hidden();
  });

  // Times in the reader's own time zone.
  document.querySelectorAll('time[datetime]').forEach(function (time) {
    var date = new Date(time.getAttribute('datetime'));
    if (isNaN(date.getTime())) return;
    time.title = date.toLocaleString();
    time.textContent = time.classList.contains('long') ? date.toLocaleString() : date.toLocaleTimeString();
  });

  document.querySelectorAll('[data-needs-script]').forEach(function (element) { element.hidden = false; });
  applyFilter();

  // Deep links: Pi's ?leafId=…&targetId=…, the same in the fragment (the page's own
  // permalinks), and #entry-<id>.
  var fragment = window.location.hash.slice(1);
  var params = new URLSearchParams(fragment.indexOf('=') >= 0 ? fragment : window.location.search);
  var leafId = params.get('leafId');
  var targetId = params.get('targetId');
  var hash = decodeURIComponent(window.location.hash.replace(/^#entry-/, ''));
  if (!leafId && !targetId && window.location.hash.indexOf('#entry-') === 0) targetId = hash;
  if (leafId || targetId) {
    var targetN = targetId ? idToN.get(targetId) : undefined;
    var leafN = leafId ? idToN.get(leafId) : undefined;
    if (leafN === undefined && targetN !== undefined) {
      var targetRow = rowOf.get(targetN);
      var current = document.querySelector('#tree .row.leaf');
      leafN = targetRow.classList.contains('on-path') && current
        ? current.dataset.n
        : targetRow.dataset.leaf || targetN;
    }
    if (leafN !== undefined) navigate(leafN, targetN);
  }
  document.body.dataset.ready = 'true';
})();
