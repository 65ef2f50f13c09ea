// goap studio page: draws the JSON object in #goap-data (computed by goap::studio in Rust).
// Errors are recorded in the body element's data-errors attribute; data-ready="1" once drawn.
(function () {
  'use strict';
  var body = document.body;
  var errors = [];
  function recordError(msg) {
    errors.push(String(msg));
    body.setAttribute('data-errors', errors.join(' | '));
  }
  window.onerror = function (msg, src, line, col) {
    recordError(msg + ' (line ' + line + ':' + col + ')');
  };
  window.addEventListener('unhandledrejection', function (e) { recordError('unhandled: ' + e.reason); });
  var consoleError = console.error;
  console.error = function () {
    recordError(Array.prototype.join.call(arguments, ' '));
    return consoleError.apply(console, arguments);
  };

  var SVG = 'http://www.w3.org/2000/svg';
  var data = JSON.parse(document.getElementById('goap-data').textContent);

  // el('div.card#id', {attr: v, onclick: f}, [children or strings])
  function el(spec, attrs, kids) {
    var m = spec.split(/(?=[.#])/);
    var e = document.createElement(m[0]);
    for (var i = 1; i < m.length; i++) {
      if (m[i][0] === '.') e.classList.add(m[i].slice(1)); else e.id = m[i].slice(1);
    }
    set(e, attrs);
    add(e, kids);
    return e;
  }
  function sv(tag, attrs, kids) {
    var e = document.createElementNS(SVG, tag);
    set(e, attrs);
    add(e, kids);
    return e;
  }
  function set(e, attrs) {
    if (!attrs) return;
    Object.keys(attrs).forEach(function (k) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) return;
      if (k.slice(0, 2) === 'on') e.addEventListener(k.slice(2), v);
      else if (k === 'text') e.textContent = v;
      else e.setAttribute(k, v === true ? '' : v);
    });
  }
  function add(e, kids) {
    if (kids === undefined || kids === null) return;
    if (!Array.isArray(kids)) kids = [kids];
    kids.forEach(function (k) {
      if (k === null || k === undefined || k === false) return;
      e.appendChild(typeof k === 'string' || typeof k === 'number' ? document.createTextNode(String(k)) : k);
    });
  }
  function num(x) {
    if (x === null || x === undefined) return '∞';
    return String(Math.round(x * 1000) / 1000);
  }
  function chip(text, cls) { return el('span.chip' + (cls ? '.' + cls : ''), {text: text}); }
  // A condition or effect as a chip coloured by what it says.
  function condChip(c, cls) {
    if (c.slice(0, 4) === 'not ' || c[0] === '−') return chip(c, 'f');
    if (/[=<>≤≥≠]/.test(c)) return chip(c, 'v');
    return chip(c, cls || 't');
  }
  function planSteps(names, current) {
    var out = el('div.plan');
    if (!names.length) { add(out, el('span.muted', {text: 'nothing to do: the goal already holds'})); return out; }
    names.forEach(function (n, i) {
      if (i > 0) add(out, el('span.arrow', {text: '→'}));
      var cls = current === undefined ? '' : i < current ? '.done' : i === current ? '.now' : '';
      add(out, el('span.step' + cls, {'data-action': n}, [el('i', {text: String(i + 1)}), n]));
    });
    return out;
  }
  function stateChips(domain, s) {
    var box = el('div.chips');
    s.f.forEach(function (f) { add(box, chip(domain.facts[f], 't')); });
    s.v.forEach(function (v, i) { add(box, chip(domain.vars[i].name + ' = ' + v, 'v')); });
    if (!s.f.length && !s.v.length) add(box, el('span.muted', {text: 'every fact false'}));
    return box;
  }
  function diffLine(d) {
    var cls = d[0] === '+' ? 't' : d[0] === '−' ? 'f' : 'v';
    return el('div.d.' + cls, {text: d});
  }

  var ui = {view: 'domain', domain: 0, node: -1, search: 0, sel: 0, agent: 0, entry: 0};
  var views = {};
  var hasAgents = data.kind === 'recording';

  // ---------- page frame ----------
  var tabs = el('nav.tabs');
  [['domain', '1', 'Domain'], ['search', '2', 'Search'], ['agents', '3', 'Agents']].forEach(function (t) {
    var off = (t[0] === 'agents' && !hasAgents) || (t[0] === 'search' && !data.searches.length);
    add(tabs, el('button', {'data-view': t[0], disabled: off,
      title: off ? (t[0] === 'agents' ? 'Only pages made from a recording have agents' : 'No search on this page') : null,
      onclick: function () { show(t[0]); }}, [el('kbd', {text: t[1]}), t[2]]));
  });
  var app = document.getElementById('app');
  add(app, el('header.top', null, [el('span.brand', {text: 'goap studio'}),
    el('span.file', {text: data.title}), tabs]));
  var main = el('main');
  add(app, main);
  ['domain', 'search', 'agents'].forEach(function (v) {
    views[v] = el('section.view#view-' + v);
    add(main, views[v]);
  });
  add(app, el('footer.keys', null, [
    el('span', null, [el('kbd', {text: '1'}), el('kbd', {text: '2'}), el('kbd', {text: '3'}), ' views']),
    el('span', null, [el('kbd', {text: 'j'}), el('kbd', {text: 'k'}), ' next / previous (graph node, state, replan)']),
    el('span', null, [el('kbd', {text: '←'}), el('kbd', {text: '→'}), ' scrub the timeline · parent / child state']),
    el('span', null, [el('kbd', {text: 'Enter'}), ' follow the link (open a search, fold a state)']),
    el('span', null, ['click any node, state or entry'])]));

  function show(v) {
    var b = tabs.querySelector('[data-view="' + v + '"]');
    if (!b || b.disabled) return;
    ui.view = v;
    Object.keys(views).forEach(function (k) { views[k].classList.toggle('on', k === v); });
    Array.prototype.forEach.call(tabs.children, function (t) { t.classList.toggle('on', t.getAttribute('data-view') === v); });
    if (location.hash !== '#' + v && history.replaceState) history.replaceState(null, '', '#' + v);
  }

  // ---------- Domain view ----------
  function domainView() {
    var v = views.domain;
    v.textContent = '';
    if (data.domains.length > 1) {
      var sel = el('select', {'aria-label': 'domain', onchange: function () { ui.domain = +this.value; ui.node = -1; domainView(); }});
      data.domains.forEach(function (d, i) {
        add(sel, el('option', {value: i, selected: i === ui.domain, text: (d.name || 'domain ' + (i + 1))}));
      });
      add(v, el('div.bar', null, [el('span.label', {text: 'Domain'}), sel]));
    }
    var d = data.domains[ui.domain];
    if (!d) { add(v, el('div.empty', {text: 'The recording has no domain.'})); return; }
    if (data.summary) add(v, el('div.note', {text: data.summary}));
    data.notes.forEach(function (n) { add(v, el('div.note', {text: n})); });
    var nActions = d.actions.length;
    add(v, el('div.stats', null, [
      stat(d.facts.length, 'facts'), stat(d.vars.length, 'variables'), stat(nActions, 'actions'),
      stat(d.goals.length, 'goals'), stat(d.lint.length, 'warnings', d.lint.length > 0)]));
    if (d.goals.length) {
      add(v, el('h2', {text: 'Goals'}));
      var grid = el('div.goals');
      d.goals.forEach(function (g) { add(grid, goalCard(g)); });
      add(v, grid);
    }
    if (d.lint.length) {
      add(v, el('h2', {text: 'Warnings'}));
      var ul = el('ul.warnings.lint');
      d.lint.forEach(function (w) { add(ul, el('li', {text: w})); });
      add(v, ul);
    }
    add(v, el('h2', {text: 'Action graph'}));
    if (d.note) add(v, el('div.note', {text: d.note}));
    if (d.graph.reason) {
      add(v, el('div.note', {text: d.graph.reason}));
    } else {
      add(v, legend());
      var detail = el('div.card.detail', null, el('div.muted', {text: 'Click a fact, variable or action to see what needs it and what it does.'}));
      add(v, el('div.split', null, [el('div.card.graphbox', null, graphSvg(d, detail)), detail]));
    }
    add(v, actionsTable(d));
  }
  function stat(n, what, warn) {
    return el('div.stat' + (warn ? '.warn' : ''), null, [el('b', {text: String(n)}), el('span', {text: what})]);
  }
  function goalCard(g) {
    var status = {found: 'plan, cost ' + num(g.cost), no_plan: 'no plan', limit: 'node limit reached', error: 'error'}[g.status];
    var card = el('div.card.goal', {'data-goal': g.name}, [el('div.head', null, [
      el('span.name', {text: g.source === 'goal' ? 'goal (the file\u2019s)' : g.name}),
      g.priority !== null ? el('span.prio', {text: 'priority ' + num(g.priority)}) : null,
      el('span.badge.' + g.status, {text: status})])]);
    var conds = el('div.chips', null, el('span.label', {text: 'wants'}));
    g.conditions.forEach(function (c) { add(conds, condChip(c, 'goalc')); });
    add(card, conds);
    if (g.status === 'found') {
      add(card, planSteps(g.plan));
      add(card, el('div.muted', {text: g.plan.length + ' action' + (g.plan.length === 1 ? '' : 's') +
        ', cost ' + num(g.cost) + ' · the planner expanded ' + g.expanded + ' states'}));
    }
    if (g.report) add(card, el('pre.report', {text: g.report}));
    if (g.search !== null) {
      add(card, el('div', {style: 'margin-top:8px'}, el('button.link', {text: 'Open its search ▸',
        onclick: function () { openSearch(g.search); }})));
    }
    return card;
  }
  function legend() {
    function sw(bg, border, label, dash) {
      return el('span', null, [el('i.sw', {style: 'background:' + bg + ';border-color:' + border + (dash ? ';border-style:dashed' : '')}), label]);
    }
    function ln(colour, label) { return el('span', null, [el('i.ln', {style: 'border-color:' + colour}), label]); }
    return el('div.legend', null, [
      sw('#e7f6ed', '#1f9d55', 'fact true at the start'), sw('#fff', '#9aa3b8', 'fact false at the start'),
      sw('#fff', '#7048e8', 'a goal needs it'), sw('#fff6e0', '#b7791f', 'variable'),
      sw('#edf2ff', '#3b5bdb', 'action (cost)'), sw('#fafafa', '#b8bfcc', 'never reachable', true),
      ln('#1f9d55', 'needs true / makes true'), ln('#d64545', 'needs false / makes false'),
      ln('#b7791f', 'variable condition / change')]);
  }
  function graphSvg(d, detail) {
    var g = d.graph;
    var svg = sv('svg', {width: g.width, height: g.height, viewBox: '0 0 ' + g.width + ' ' + g.height, role: 'img',
      'aria-label': 'action graph'});
    var defs = sv('defs');
    [['t', '#1f9d55'], ['f', '#d64545'], ['v', '#b7791f']].forEach(function (m) {
      add(defs, sv('marker', {id: 'arr-' + m[0], viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 9, markerUnits: 'userSpaceOnUse',
        markerHeight: 9, orient: 'auto-start-reverse'}, sv('path', {d: 'M0,0 L10,5 L0,10 z', fill: m[1]})));
    });
    add(svg, defs);
    var edgeEls = [];
    var labelEls = [];
    g.edges.forEach(function (e) {
      var c = e.v === true ? 't' : e.v === false ? 'f' : 'v';
      var dx = Math.max(36, Math.abs(e.x2 - e.x1) / 2);
      var p = sv('path', {'class': 'edge ' + e.k + ' ' + c, 'marker-end': 'url(#arr-' + c + ')',
        d: 'M' + e.x1 + ',' + e.y1 + ' C' + (e.x1 + dx) + ',' + e.y1 + ' ' + (e.x2 - dx) + ',' + e.y2 + ' ' + (e.x2 - 1) + ',' + e.y2});
      edgeEls.push(p);
      add(svg, p);
      if (e.l) {
        var t = sv('text', {'class': 'elabel', x: (e.x1 + e.x2) / 2, y: (e.y1 + e.y2) / 2 - 4, 'text-anchor': 'middle', text: e.l});
        labelEls.push([t, edgeEls.length - 1]);
        add(svg, t);
      }
    });
    var nodeEls = g.nodes.map(function (n, i) {
      var cls = 'node ' + n.k + (n.start ? ' start' : '') + (n.goal ? ' goal' : '') + (n.reach === false ? ' unreach' : '');
      var ge = sv('g', {'class': cls, tabindex: 0, 'data-name': n.label, transform: 'translate(' + n.x + ',' + n.y + ')',
        onclick: function () { selectNode(i); }}, [
        sv('rect', {width: n.w, height: n.h, rx: n.k === 'action' ? 5 : n.h / 2}),
        sv('text', {x: n.w / 2, y: n.h / 2, 'text-anchor': 'middle', text: n.label})]);
      add(svg, ge);
      return ge;
    });
    function selectNode(i) {
      ui.node = i;
      nodeEls.forEach(function (e, k) { e.classList.remove('near'); e.classList.toggle('sel', k === i); });
      edgeEls.forEach(function (e) { e.classList.remove('near'); });
      labelEls.forEach(function (l) { l[0].classList.remove('near'); });
      svg.classList.toggle('dim', i >= 0);
      if (i < 0) return;
      g.edges.forEach(function (e, k) {
        if (e.s === i || e.t === i) {
          edgeEls[k].classList.add('near');
          nodeEls[e.s].classList.add('near');
          nodeEls[e.t].classList.add('near');
        }
      });
      labelEls.forEach(function (l) { if (edgeEls[l[1]].classList.contains('near')) l[0].classList.add('near'); });
      nodeDetail(d, i, detail);
      if (nodeEls[i].scrollIntoView) nodeEls[i].scrollIntoView({block: 'nearest', inline: 'nearest'});
    }
    // j/k: nodes left to right, top to bottom.
    var order = g.nodes.map(function (n, i) { return i; }).sort(function (a, b) {
      return g.nodes[a].col - g.nodes[b].col || g.nodes[a].y - g.nodes[b].y;
    });
    graphNav = function (step) {
      var at = order.indexOf(ui.node);
      var next = at < 0 ? (step > 0 ? 0 : order.length - 1) : Math.min(order.length - 1, Math.max(0, at + step));
      if (order.length) selectNode(order[next]);
    };
    return svg;
  }
  var graphNav = function () {};
  function nodeDetail(d, i, box) {
    var n = d.graph.nodes[i];
    box.textContent = '';
    var needs = [], makesT = [], makesF = [], changes = [];
    d.graph.edges.forEach(function (e) {
      if (e.s === i && e.k === 'pre') needs.push([d.graph.nodes[e.t], e]);
      if (e.t === i && e.k === 'eff') (e.v === true ? makesT : e.v === false ? makesF : changes).push([d.graph.nodes[e.s], e]);
    });
    function names(list, what) {
      if (!list.length) return null;
      var c = el('div.chips');
      list.forEach(function (p) {
        var a = p[0].label.replace(/ {2}[^ ]*$/, '');
        add(c, chip(a + (p[1].l ? ' (' + p[1].l + ')' : p[1].v === false && what === 'needed' ? ' (false)' : ''), 'x'));
      });
      return el('div.sec', null, [el('div.label', {text: what}), c]);
    }
    if (n.k === 'action') {
      var a = d.actions[n.id];
      add(box, [el('div.kind', {text: 'action'}), el('h3', {text: a.name}),
        el('div.big', null, [el('div', null, [el('b', {text: num(a.cost)}), el('span', {text: 'cost'})])])]);
      var pre = el('div.chips');
      a.pre.forEach(function (c) { add(pre, condChip(c)); });
      if (!a.pre.length) add(pre, el('span.muted', {text: 'none: always possible'}));
      var eff = el('div.chips');
      a.eff.forEach(function (c) { add(eff, condChip(c)); });
      add(box, [el('div.sec', null, [el('div.label', {text: 'needs'}), pre]),
        el('div.sec', null, [el('div.label', {text: 'does'}), eff])]);
      if (n.reach === false) add(box, el('div.note', {text: 'It can never run from the start: something it needs never holds.'}));
    } else if (n.k === 'fact') {
      add(box, [el('div.kind', {text: 'fact'}), el('h3', {text: d.facts[n.id]}),
        el('div.chips', null, [chip(n.start ? 'true at the start' : 'false at the start', n.start ? 't' : ''),
          n.goal ? chip('a goal needs it', 'goalc') : null])]);
      add(box, [names(needs, 'needed by'), names(makesT, 'made true by'), names(makesF, 'made false by')]);
      if (n.reach === false) add(box, el('div.note', {text: 'Nothing can make it true from the start (a typo?).'}));
    } else {
      var vr = d.vars[n.id];
      add(box, [el('div.kind', {text: 'variable'}), el('h3', {text: vr.name}),
        el('div.muted', {text: 'range ' + vr.min + ' … ' + vr.max + ', default ' + vr.default + '; ' + n.label}),
        names(needs, 'compared by'), names(changes, 'changed by')]);
    }
  }
  function actionsTable(d) {
    var t = el('table.actions', null, el('tr', null, [el('th', {text: 'action'}), el('th', {text: 'cost'}),
      el('th', {text: 'needs'}), el('th', {text: 'does'})]));
    d.actions.forEach(function (a) {
      var pre = el('td'), eff = el('td');
      a.pre.forEach(function (c) { add(pre, condChip(c)); add(pre, ' '); });
      a.eff.forEach(function (c) { add(eff, condChip(c)); add(eff, ' '); });
      add(t, el('tr', null, [el('td', {text: a.name}), el('td', {text: num(a.cost)}), pre, eff]));
    });
    return el('details', {open: d.graph.reason ? true : null}, [el('summary', {text: 'All ' + d.actions.length + ' actions'}), el('div.card', null, t)]);
  }

  // ---------- Search view ----------
  var searchRows = [];
  function openSearch(i) {
    ui.search = i;
    ui.sel = 0;
    searchView();
    show('search');
  }
  function searchView() {
    var v = views.search;
    v.textContent = '';
    searchRows = [];
    if (!data.searches.length) { add(v, el('div.empty', {text: 'No search on this page.'})); return; }
    var s = data.searches[ui.search];
    var d = data.domains[s.domain];
    var sel = el('select', {'aria-label': 'search', onchange: function () { ui.search = +this.value; ui.sel = 0; searchView(); }});
    data.searches.forEach(function (x, i) {
      add(sel, el('option', {value: i, selected: i === ui.search, text: x.title}));
    });
    var endText = {found: 'plan found', no_plan: 'no plan', limit: 'stopped at the limit', error: 'error'}[s.end];
    add(v, el('div.bar', null, [el('span.label', {text: 'Search'}), sel, el('span.badge.' + s.end, {text: endText}),
      el('span.muted', {text: s.total + ' states taken up (uniform-cost: cheapest first)'})]));
    var conds = el('div.chips', null, el('span.label', {text: 'goal'}));
    s.conditions.forEach(function (c) { add(conds, condChip(c, 'goalc')); });
    add(v, conds);
    if (s.end === 'found') add(v, el('div', null, [planSteps(s.plan), el('span.cost', {text: 'cost ' + num(s.cost)})]));
    if (s.note) add(v, el('div.note.sampling', {text: s.note}));
    var tree = el('div.card.tree', {role: 'tree'});
    var detail = el('div.card.detail');
    var collapsed = {};
    s.nodes.forEach(function (n, k) {
      var row = el('div.row' + (n.path ? '.path' : ''), {role: 'treeitem', 'data-n': n.n,
        style: 'padding-left:' + (10 + Math.min(n.depth, 40) * 16) + 'px',
        onclick: function (ev) {
          if (ev.target.classList.contains('tog')) toggle(k); else selectState(k);
        }}, [
        el('span.tog', {text: n.kids ? '▾' : ''}),
        el('span.num', {text: '#' + n.n}),
        n.goal ? el('span.star', {text: '★'}) : null,
        el('span.act', {text: n.a === null ? 'start' : n.a}),
        el('span.gh', {text: 'g ' + num(n.g) + '  h ' + num(n.h) + '  f ' + num(n.f)}),
        el('span', null, n.d.slice(0, 3).map(function (x) {
          return el('span.d.' + (x[0] === '+' ? 't' : x[0] === '−' ? 'f' : 'v'), {text: x + ' '});
        }).concat(n.d.length > 3 ? [el('span.more', {text: '…'})] : [])),
        n.hidden ? el('span.more', {text: '+' + n.hidden + ' not shown'}) : null]);
      searchRows.push(row);
      add(tree, row);
    });
    function end(k) {
      var e = k + 1;
      while (e < s.nodes.length && s.nodes[e].depth > s.nodes[k].depth) e++;
      return e;
    }
    function toggle(k) {
      if (!s.nodes[k].kids) return;
      collapsed[k] = !collapsed[k];
      searchRows[k].querySelector('.tog').textContent = collapsed[k] ? '▸' : '▾';
      var e = end(k);
      for (var i = k + 1; i < e; i++) searchRows[i].style.display = 'none';
      for (i = k + 1; i < e; i++) {
        if (!hiddenBy(i)) searchRows[i].style.display = '';
      }
    }
    function hiddenBy(i) {
      var p = s.nodes[i].p;
      while (p !== null) { if (collapsed[p]) return true; p = s.nodes[p].p; }
      return false;
    }
    function selectState(k) {
      if (k < 0 || k >= s.nodes.length) return;
      searchRows.forEach(function (r, i) { r.classList.toggle('sel', i === k); });
      ui.sel = k;
      var n = s.nodes[k];
      detail.textContent = '';
      add(detail, [el('div.kind', {text: 'state #' + n.n + (n.path ? ' · on the plan\u2019s path' : '')}),
        el('h3', {text: n.a === null ? 'the start' : 'after ' + n.a}),
        el('div.big', null, [bigNum(n.g, 'g: cost so far'), bigNum(n.h, 'h: estimate left'), bigNum(n.f, 'f = g + h')])]);
      if (n.goal) add(detail, el('div.chips', null, chip('★ meets the goal', 'goalc')));
      if (n.p !== null) {
        var diff = el('div.sec', null, el('div.label', {text: 'changed from its parent #' + s.nodes[n.p].n}));
        n.d.forEach(function (x) { add(diff, diffLine(x)); });
        if (!n.d.length) add(diff, el('div.muted', {text: 'nothing'}));
        add(detail, diff);
      }
      add(detail, el('div.sec', null, [el('div.label', {text: 'state (true facts and variables)'}), stateChips(d, n.s)]));
      add(detail, el('div.sec.muted', {text: n.kids + ' child state' + (n.kids === 1 ? '' : 's') + ' shown' +
        (n.hidden ? ', ' + n.hidden + ' more not shown' : '')}));
      if (searchRows[k].scrollIntoView && searchRows[k].offsetParent) searchRows[k].scrollIntoView({block: 'nearest'});
    }
    function bigNum(x, label) { return el('div', null, [el('b', {text: num(x)}), el('span', {text: label})]); }
    searchNav = function (key) {
      var k = ui.sel, i;
      if (key === 'j' || key === 'k') {
        var step = key === 'j' ? 1 : -1;
        for (i = k + step; i >= 0 && i < s.nodes.length; i += step) {
          if (searchRows[i].style.display !== 'none') { selectState(i); return; }
        }
      } else if (key === 'ArrowLeft') {
        if (s.nodes[k].p !== null) selectState(s.nodes[k].p);
      } else if (key === 'ArrowRight') {
        if (s.nodes[k].kids && !collapsed[k]) selectState(k + 1);
      } else if (key === 'Enter') {
        toggle(k);
      }
    };
    add(v, el('div.split', null, [tree, detail]));
    if (s.nodes.length) selectState(Math.min(ui.sel, s.nodes.length - 1));
  }
  var searchNav = function () {};

  // ---------- Agents view ----------
  function agentsView() {
    var v = views.agents;
    v.textContent = '';
    if (!hasAgents) {
      add(v, el('div.empty', {text: 'This page was made from a domain file, so it has no agents. A page made from a recording (goap studio RECORDING -o PAGE.html) shows each agent\u2019s timeline here.'}));
      return;
    }
    if (!data.agents.length) { add(v, el('div.empty', {text: 'The recording has no agent.'})); return; }
    data.notes.forEach(function (n) { add(v, el('div.note', {text: n})); });
    add(v, el('h2', {text: 'Timelines'}));
    add(v, el('div.card.lanes', null, lanes()));
    var a = data.agents[ui.agent];
    var slider = el('input', {type: 'range', min: 0, max: a.entries.length - 1, value: ui.entry, 'aria-label': 'moment',
      oninput: function () { scrubTo(+this.value); }});
    var pos = el('span.pos');
    add(v, el('div.scrub', null, [el('b', {text: a.name}), slider, pos]));
    var now = el('div.card.now'), goals = el('div.card'), plan = el('div.card');
    var state = el('div.card', {style: 'margin-top:12px'});
    add(v, el('div.panels', null, [now, goals, plan]));
    add(v, state);
    var list = el('div.card.entries');
    var rows = a.entries.map(function (e, i) {
      var r = el('div.entry.' + e.k, {'data-kind': e.k, onclick: function () { scrubTo(i); }}, [
        el('span.t', {text: num(e.t) + ' s'}), el('span.dot'), el('span', {text: e.text}),
        e.search !== null ? el('button.link', {text: 'search ▸', onclick: function (ev) { ev.stopPropagation(); openSearch(e.search); }}) : el('span')]);
      add(list, r);
      return r;
    });
    add(v, el('h2', {text: a.name + ': every moment'}));
    add(v, list);
    function scrubTo(i) {
      i = Math.max(0, Math.min(a.entries.length - 1, i));
      ui.entry = i;
      slider.value = i;
      var e = a.entries[i];
      var dom = data.domains[a.domain];
      pos.textContent = 'moment ' + (i + 1) + ' of ' + a.entries.length + ' · t = ' + num(e.t) + ' s';
      rows.forEach(function (r, k) { r.classList.toggle('sel', k === i); });
      if (rows[i].scrollIntoView && rows[i].offsetParent) rows[i].scrollIntoView({block: 'nearest'});
      now.textContent = '';
      add(now, [el('div.kind', {text: 'now · ' + e.k}), el('div.what', {text: e.text})]);
      if (e.changed.length) {
        var ch = el('div.sec', null, el('div.label', {text: 'its beliefs changed'}));
        e.changed.forEach(function (x) { add(ch, diffLine(x)); });
        add(now, ch);
      }
      if (e.search !== null) add(now, el('button.link', {text: 'Open this replan\u2019s search ▸ (Enter)', onclick: function () { openSearch(e.search); }}));
      goals.textContent = '';
      add(goals, el('div.kind', {text: 'goals (priority)'}));
      var max = e.goals.reduce(function (m, g) { return Math.max(m, Math.abs(g[1])); }, 0) || 1;
      e.goals.forEach(function (g, k) {
        add(goals, el('div.gbar' + (k === e.goal ? '.on' : ''), null, [el('span.n', {text: (k === e.goal ? '▶ ' : '') + g[0]}),
          el('div', null, el('div.b', {style: 'width:' + Math.max(3, 100 * Math.abs(g[1]) / max) + '%'})), el('span', {text: num(g[1])})]));
      });
      if (!e.goals.length) add(goals, el('div.muted', {text: 'no goal'}));
      plan.textContent = '';
      add(plan, el('div.kind', {text: 'plan in hand'}));
      if (e.plan.length) add(plan, planSteps(e.plan, e.pi)); else add(plan, el('div.muted', {text: 'no plan'}));
      state.textContent = '';
      add(state, [el('div.kind', {text: 'believed state'}), stateChips(dom, e.s)]);
      cursor.forEach(function (c) { c.setAttribute('x', laneX(e.x) - 1); });
      laneEls.forEach(function (l, k) { l.classList.toggle('on', k === ui.agent); });
    }
    agentNav = function (key) {
      var i = ui.entry, step;
      if (key === 'ArrowRight') scrubTo(i + 1);
      else if (key === 'ArrowLeft') scrubTo(i - 1);
      else if (key === 'j' || key === 'k') {
        step = key === 'j' ? 1 : -1;
        for (var k = i + step; k >= 0 && k < a.entries.length; k += step) {
          if (a.entries[k].k === 'replan') { scrubTo(k); return; }
        }
      } else if (key === 'Enter' && a.entries[i].search !== null) openSearch(a.entries[i].search);
    };
    scrubTo(Math.min(ui.entry, a.entries.length - 1));
  }
  var agentNav = function () {};
  var cursor = [], laneEls = [];
  var LANE_W = 1000, LANE_LEFT = 150, LANE_H = 30;
  function laneX(x) { return LANE_LEFT + 10 + x * (LANE_W - LANE_LEFT - 20); }
  function lanes() {
    var h = data.agents.length * LANE_H + 8;
    var svg = sv('svg', {viewBox: '0 0 ' + LANE_W + ' ' + h});
    laneEls = [];
    data.agents.forEach(function (a, i) {
      var y = 4 + i * LANE_H;
      var g = sv('g', {'class': 'lane', onclick: function (ev) {
        var r = svg.getBoundingClientRect();
        var x = (ev.clientX - r.left) * LANE_W / r.width;
        var best = 0;
        a.entries.forEach(function (e, k) { if (Math.abs(laneX(e.x) - x) < Math.abs(laneX(a.entries[best].x) - x)) best = k; });
        ui.agent = i; ui.entry = best; agentsView();
      }}, [sv('rect', {'class': 'bg', x: 0, y: y, width: LANE_W, height: LANE_H - 2, rx: 6, fill: 'transparent'}),
        sv('text', {x: 10, y: y + LANE_H / 2, text: a.name + ' · ' + a.replans + ' replans'}),
        sv('line', {x1: LANE_LEFT, x2: LANE_W - 10, y1: y + LANE_H / 2, y2: y + LANE_H / 2, stroke: '#d5dae6'})]);
      a.entries.forEach(function (e) {
        var tall = e.k === 'replan' || e.k === 'failed' || e.k === 'noplan';
        add(g, sv('rect', {'class': 'tick ' + e.k, x: laneX(e.x) - 1.5, width: 3, y: y + (tall ? 4 : 9), height: tall ? LANE_H - 10 : LANE_H - 20, rx: 1}));
      });
      laneEls.push(g);
      add(svg, g);
    });
    var y0 = 4 + ui.agent * LANE_H;
    cursor = [sv('rect', {x: LANE_LEFT, y: y0, width: 2, height: LANE_H - 2, fill: '#111'})];
    add(svg, cursor);
    return svg;
  }

  // ---------- keys ----------
  document.addEventListener('keydown', function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var t = ev.target;
    if (t && (t.tagName === 'SELECT' || (t.tagName === 'INPUT' && t.type !== 'range'))) return;
    var k = ev.key;
    if (k === '1') show('domain');
    else if (k === '2') show('search');
    else if (k === '3') show('agents');
    else if (ui.view === 'domain' && (k === 'j' || k === 'k')) graphNav(k === 'j' ? 1 : -1);
    else if (ui.view === 'search' && /^(j|k|ArrowLeft|ArrowRight|Enter)$/.test(k)) {
      if (k === 'Enter' && t && t.tagName === 'BUTTON') return;
      searchNav(k);
    } else if (ui.view === 'agents' && /^(j|k|ArrowLeft|ArrowRight|Enter)$/.test(k)) {
      if (k === 'Enter' && t && t.tagName === 'BUTTON') return;
      agentNav(k);
    } else return;
    ev.preventDefault();
  });

  domainView();
  searchView();
  agentsView();
  var start = (location.hash || '').slice(1);
  show(views[start] && tabs.querySelector('[data-view="' + start + '"]:not([disabled])') ? start : 'domain');
  body.setAttribute('data-ready', '1');
})();
