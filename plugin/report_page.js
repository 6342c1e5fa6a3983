/* The ltofold report page (`ltofold report html`, cli_report_html.c).
 *
 * Draws the JSON embedded in the page's #ltofold-data element, in one of
 * three modes:
 *   report  one report: the build it describes, bytes saved against the
 *           code size before and after, the totals, the fold groups ranked
 *           by bytes saved (a bar chart), the phases' times, the FP folds
 *           with their source locations, and every group with what was
 *           folded into it;
 *   diff    two reports: both builds, the totals side by side with each
 *           change coloured as a gain or a loss, the budgets' verdicts,
 *           the groups that came, went or changed, charted by the change
 *           in bytes saved;
 *   trend   a series of reports: a line plot per number followed (those
 *           with no data or only zeros left out), builds named on the x
 *           axis, y axes from zero or visibly broken.
 *
 * Builds go by their label (data.builds: --label, the report's
 * build.label, its program's name, or its file). Lists come as tuples
 * whose strings are indices into data.strings; data.columns names the
 * columns of each shape, and expand() turns a tuple back into an object
 * with the report's field names. Long tables (itemTable) show a page of
 * rows, sort by any column and filter by name.
 *
 * Every string comes from a report and may hold <, > or & (C++ names): it
 * goes into the page only as a text node or an attribute value, never as
 * markup. Numbers the tests compare carry their exact value in data-value.
 * When drawing ends, <body> gets data-rendered="MODE" ("error" after a
 * failure, which the page then shows). */
'use strict';

(function () {
  const SVG_NS = 'http://www.w3.org/2000/svg';
  /* Bars in a chart; the tables below it list everything. */
  const BAR_LIMIT = 60;
  /* Rows a long table shows until asked for all. */
  const PAGE_ROWS = 100;

  /* An element with attributes (values set as text) and children (nodes,
   * or strings made text nodes; null skipped). */
  function make(namespace, tag, attributes, children) {
    const node = namespace ? document.createElementNS(namespace, tag)
                           : document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {}))
      if (value !== null && value !== undefined)
        node.setAttribute(name, String(value));
    for (const child of children || []) {
      if (child === null || child === undefined)
        continue;
      node.appendChild(typeof child === 'string' ? document.createTextNode(child)
                                                 : child);
    }
    return node;
  }
  const html = (tag, attributes, children) => make(null, tag, attributes, children);
  const svg = (tag, attributes, children) => make(SVG_NS, tag, attributes, children);

  function isNumber(value) {
    return typeof value === 'number' && Number.isFinite(value);
  }

  function formatNumber(value) {
    if (!isNumber(value))
      return '\u2013';
    return value.toLocaleString('en-US', {maximumFractionDigits: 4});
  }

  function formatPercent(value) {
    return isNumber(value) ? value.toFixed(1) + '%' : '\u2013';
  }

  /* A count and its noun: '1 group', '2 groups'. */
  function counted(count, singular, plural) {
    return formatNumber(count) + ' ' + (count === 1 ? singular : plural);
  }

  function formatChange(before, after) {
    if (!isNumber(before) || !isNumber(after) || before === after)
      return '';
    const delta = after - before;
    const sign = delta > 0 ? '+' : '';
    let text = sign + formatNumber(delta);
    if (before !== 0)
      text += ' (' + sign + (100 * delta / before).toFixed(1) + '%)';
    return text;
  }

  /* ---- the data: strings, demangled names, tuples ---- */

  let strings = [];
  let columns = {};
  /* Exact name -> demangled, for the names that are mangled. */
  const demangledNames = new Map();

  /* A front-coded list's entry: a string, or [SHARED, REST], the first
   * SHARED characters of the entry before it followed by REST. */
  function frontDecoded(entry, previous) {
    return Array.isArray(entry) ? previous.slice(0, entry[0]) + entry[1] : entry;
  }

  function readData(data) {
    columns = data.columns || {};
    strings = [];
    for (const entry of data.strings || [])
      strings.push(frontDecoded(entry, strings.length ? strings[strings.length - 1] : ''));
    /* Integer keys come in ascending order (ECMAScript's own-key order),
     * the order they were coded in. */
    let previous = '';
    for (const [index, entry] of Object.entries(data.demangled || {})) {
      previous = frontDecoded(entry, previous);
      demangledNames.set(strings[Number(index)], previous);
    }
  }

  /* A tuple of shape `shape` as an object with the report's field names
   * (null where the tuple ended or held null). */
  function expand(tuple, shape) {
    if (!Array.isArray(tuple))
      return null;
    const object = {};
    columns[shape].forEach(([key, kind, nested], index) => {
      const value = index < tuple.length ? tuple[index] : null;
      object[key] = value === null ? null
        : kind === 'string' ? strings[value]
        : kind === 'object' ? expand(value, nested)
        : kind === 'list' ? expandList(value, nested)
        : value;
    });
    return object;
  }
  function expandList(list, shape) {
    return Array.isArray(list) ? list.map((tuple) => expand(tuple, shape)) : [];
  }

  function readable(name) {
    return demangledNames.has(name) ? demangledNames.get(name) : name;
  }
  /* A symbol as the report has it (exact, in <code>), with its demangled
   * name beside it when it has one. */
  function symbol(name) {
    const exact = html('code', {}, [name]);
    return readable(name) === name ? exact
      : html('span', {class: 'symbol'}, [exact, html('span', {class: 'demangled'}, [readable(name)])]);
  }
  /* What a tooltip says of a symbol: the readable name, and the exact one
   * when they differ. */
  function fullName(name) {
    return readable(name) === name ? name : readable(name) + '\n[' + name + ']';
  }

  /* Long names shortened for chart labels; the full name is the label's
   * tooltip. Paths (build labels taken from a report's file) keep their
   * end, where the names differ. */
  function shorten(text, length) {
    if (text.length <= length)
      return text;
    return text.includes('/') ? '\u2026' + text.slice(text.length - length + 1)
                              : text.slice(0, length - 1) + '\u2026';
  }

  /* ---- building blocks ---- */

  /* A number cell: the value formatted, the exact value in data-value. */
  function numberCell(value, attributes, format) {
    return html('td', Object.assign({class: 'number', 'data-value': isNumber(value) ? value : 'null'},
                                    attributes || {}),
                [(format || formatNumber)(value)]);
  }

  function section(id, title, children) {
    return html('section', {id: id}, [html('h2', {}, [title])].concat(children));
  }

  function table(id, headings, rows) {
    return html('table', {id: id}, [
      html('thead', {}, [html('tr', {}, headings.map((h) => html('th', {}, [h])))]),
      html('tbody', {}, rows),
    ]);
  }

  /* Orders values for sorting: numbers, then text, then nothing. */
  function compareValues(a, b) {
    const rank = (value) => isNumber(value) ? 0 : typeof value === 'string' ? 1 : 2;
    if (rank(a) !== rank(b))
      return rank(a) - rank(b);
    if (rank(a) === 2)
      return 0;
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /* A table of `items` (objects) that sorts by a click on a column's
   * heading (a second click: the other way; missing values stay last),
   * filters by the text in its box (any name the row shows, exact or
   * demangled), and draws PAGE_ROWS rows at a time until "show all", so
   * that thousands of groups make a page that opens at once. columns:
   * {key, heading, value(item) to sort by, cell(item) -> <td>, descending:
   * sorted largest first at the first click, numeric: heading aligned
   * right}. options:
   * {row(item, cells) -> <tr>, names(item) -> the names to filter by,
   * noun: [singular, plural]}. The table says how many rows match and how many it shows in
   * data-rows and data-rows-shown. */
  function itemTable(id, tableColumns, items, options) {
    const state = {column: null, descending: false, filter: '', all: false};
    const rows = new Map();
    const body = html('tbody');
    const headings = tableColumns.map((column) => {
      const button = html('button', {type: 'button', class: 'sort'}, [column.heading]);
      const heading = html('th', {'data-column': column.key, 'aria-sort': 'none',
                                  class: column.numeric ? 'number' : null}, [button]);
      button.addEventListener('click', () => {
        state.descending = state.column === column ? !state.descending : column.descending;
        state.column = column;
        for (const other of headings)
          other.setAttribute('aria-sort', 'none');
        heading.setAttribute('aria-sort', state.descending ? 'descending' : 'ascending');
        draw();
      });
      return heading;
    });
    const node = html('table', {id: id, class: 'items'}, [
      html('thead', {}, [html('tr', {}, headings)]), body]);
    const status = html('span', {class: 'rows-status'});
    const showAll = html('button', {type: 'button', class: 'show-all'});
    showAll.addEventListener('click', () => {
      state.all = !state.all;
      draw();
    });
    const controls = [status, ' ', showAll];
    if (items.length > PAGE_ROWS) {
      const filter = html('input', {type: 'search', class: 'filter', placeholder: 'filter by name',
                                    'aria-label': 'filter ' + options.noun[1] + ' by name'});
      filter.addEventListener('input', () => {
        state.filter = filter.value.toLowerCase();
        draw();
      });
      controls.unshift(filter, ' ');
    }

    function rowOf(item) {
      if (!rows.has(item))
        rows.set(item, options.row(item, tableColumns.map((column) => column.cell(item))));
      return rows.get(item);
    }
    function matching() {
      const list = !state.filter ? items.slice() : items.filter((item) =>
        options.names(item).some((name) => name.toLowerCase().includes(state.filter) ||
                                           readable(name).toLowerCase().includes(state.filter)));
      if (state.column) {
        const value = state.column.value;
        const sign = state.descending ? -1 : 1;
        list.sort((a, b) => {
          const va = value(a), vb = value(b);
          const missing = (va === null || va === undefined) - (vb === null || vb === undefined);
          return missing || sign * compareValues(va, vb);
        });
      }
      return list;
    }
    function draw() {
      const list = matching();
      const shown = state.all ? list : list.slice(0, PAGE_ROWS);
      body.replaceChildren(...shown.map(rowOf));
      node.setAttribute('data-rows', list.length);
      node.setAttribute('data-rows-shown', shown.length);
      status.textContent = shown.length < list.length
        ? 'The first ' + formatNumber(shown.length) + ' of ' + counted(list.length, ...options.noun) + '.'
        : counted(list.length, ...options.noun) + '.';
      showAll.hidden = list.length <= PAGE_ROWS;
      showAll.textContent = state.all ? 'Show the first ' + PAGE_ROWS
                                      : 'Show all ' + formatNumber(list.length);
    }
    draw();
    return html('div', {class: 'item-table'}, [html('p', {class: 'table-controls'}, controls), node]);
  }

  /* An SVG element with a tooltip. */
  function titled(node, text) {
    node.appendChild(svg('title', {}, [text]));
    return node;
  }

  /* A horizontal bar chart as SVG. rows: {label, value, tooltip, kind,
   * attributes}; negative values grow left of the zero line. A label cut
   * short shows the whole name on hover, as the bar does. */
  function barChart(id, rows, unit) {
    const labelWidth = 380, valueWidth = 110, barWidth = 480, rowHeight = 22;
    const width = labelWidth + barWidth + valueWidth;
    const height = rows.length * rowHeight + 8;
    const largest = Math.max(1, ...rows.map((row) => Math.abs(row.value)));
    const negative = rows.some((row) => row.value < 0);
    const zero = labelWidth + (negative ? barWidth / 2 : 0);
    const scale = (negative ? barWidth / 2 : barWidth) / largest;
    const chart = svg('svg', {id: id, class: 'chart', viewBox: '0 0 ' + width + ' ' + height,
                              width: width, height: height, role: 'img'});
    rows.forEach((row, index) => {
      const y = 4 + index * rowHeight;
      const length = Math.max(1, Math.abs(row.value) * scale);
      const x = row.value < 0 ? zero - length : zero;
      chart.appendChild(titled(svg('text', {class: 'bar-label', x: labelWidth - 8, y: y + 15}, [
        shorten(row.label, 52),
      ]), row.tooltip));
      chart.appendChild(titled(svg('rect', Object.assign({
        class: 'bar' + (row.kind ? ' ' + row.kind : row.value < 0 ? ' negative' : ''),
        x: x, y: y + 3, width: length, height: rowHeight - 6, 'data-value': row.value,
      }, row.attributes || {})), row.tooltip));
      const after = row.value < 0 ? zero + 6 : x + length + 6;
      chart.appendChild(svg('text', {class: 'bar-value', x: after, y: y + 15}, [
        (row.value > 0 && row.kind ? '+' : '') + formatNumber(row.value) + (unit ? ' ' + unit : ''),
      ]));
    });
    if (negative)
      chart.appendChild(svg('line', {class: 'zero', x1: zero, x2: zero, y1: 0, y2: height}));
    return chart;
  }

  /* ---- builds: what each report describes ---- */

  /* The report's "build" members the page names, in order; any other
   * member is shown under its own name. */
  const BUILD_FIELDS = [
    ['output', 'program'], ['build_id', 'build ID'], ['linker', 'linker'], ['lto', 'LTO'],
    ['target', 'target'], ['cpu', 'CPU'], ['ltofold_version', 'ltofold'],
    ['llvm_version', 'LLVM'], ['started', 'started'], ['seconds', 'link time (s)'],
  ];

  function buildValue(value) {
    return typeof value === 'string' || isNumber(value) || typeof value === 'boolean'
      ? String(typeof value === 'number' ? formatNumber(value) : value) : null;
  }

  /* A table of the builds side by side: their labels, report files and
   * whatever their reports say of them. */
  function buildSection(builds, headings) {
    const keys = BUILD_FIELDS.slice();
    for (const build of builds)
      for (const key of Object.keys(build.build || {}))
        if (key !== 'label' && !keys.some(([known]) => known === key))
          keys.push([key, key]);
    const rows = [
      html('tr', {'data-field': 'label'}, [html('th', {}, ['build'])].concat(
        builds.map((build) => html('td', {class: 'build-label'}, [build.label])))),
      html('tr', {'data-field': 'report'}, [html('th', {}, ['report file'])].concat(
        builds.map((build) => html('td', {}, [html('code', {}, [build.path])])))),
    ];
    for (const [key, label] of keys) {
      const values = builds.map((build) => buildValue((build.build || {})[key]));
      if (values.every((value) => value === null))
        continue;
      rows.push(html('tr', {'data-field': key}, [html('th', {}, [label])].concat(values.map(
        (value) => html('td', {}, [value === null ? '\u2013' : key === 'output' || key === 'build_id'
          ? html('code', {}, [value]) : value])))));
    }
    const children = [builds.length === 1
      ? html('table', {id: 'build-table'}, [html('tbody', {}, rows)])
      : table('build-table', [''].concat(headings), rows)];
    if (builds.some((build) => !build.build))
      children.push(html('p', {class: 'note'}, [
        'A report without build information (written before reports named their build) ' +
        'goes by its file name; --label names it.']));
    return section('build', builds.length === 1 ? 'Build' : 'Builds', children);
  }

  /* ---- one report ---- */

  function instructionsOf(group) {
    return (group.folded || []).reduce((sum, fold) => sum + (fold.instructions || 0), 0);
  }

  /* Code size before and after the folds: after is what was measured,
   * before adds back the bytes saved. */
  function codeSizes(totals, object) {
    const after = object.text_bytes, saved = totals.bytes_saved;
    if (!isNumber(after) || !isNumber(saved))
      return null;
    const before = after + saved;
    return {before: before, after: after, saved: saved,
            percent: before > 0 ? 100 * saved / before : null};
  }

  function headline(report) {
    const totals = report.totals || {}, object = report.object || {};
    const sizes = codeSizes(totals, object);
    if (!sizes)
      return html('p', {id: 'headline', class: 'headline'}, [
        isNumber(totals.functions_folded) ? formatNumber(totals.functions_folded) +
          ' functions folded; bytes saved not measured.' : 'Nothing measured.']);
    /* Unmeasured groups saved bytes too: every number but "after" is
     * then a lower bound. */
    const atLeast = isNumber(totals.groups_unmeasured) && totals.groups_unmeasured > 0
      ? 'at least ' : '';
    return html('p', {id: 'headline', class: 'headline', 'data-before': sizes.before,
                      'data-after': sizes.after, 'data-percent': sizes.percent}, [
      html('strong', {}, [atLeast + counted(sizes.saved, 'byte', 'bytes') + ' saved']),
      ', ' + atLeast + formatPercent(sizes.percent) + ' of the code: .text ' + atLeast +
      formatNumber(sizes.before) + ' bytes before the folds \u2192 ' + formatNumber(sizes.after) +
      ' after; ' + counted(totals.functions_folded, 'function', 'functions') + ' folded.',
    ]);
  }

  function totalsSection(report) {
    const totals = report.totals || {};
    const object = report.object || {};
    const sizes = codeSizes(totals, object) || {};
    const rows = [
      ['functions_folded', 'functions folded', totals.functions_folded],
      ['instructions_folded', 'IR instructions folded', totals.instructions_folded],
      ['bytes_saved', 'bytes saved', totals.bytes_saved],
      ['bytes_saved_percent', 'bytes saved, % of .text before the folds', sizes.percent],
      ['groups', 'fold groups', (report.groups || []).length],
      ['fp_folds', 'FP folds', totals.fp_folds],
      ['branches_removed', 'branches removed', totals.branches_removed],
      ['text_bytes_before', 'code bytes (.text) before the folds: after + saved', sizes.before],
      ['text_bytes', 'code bytes (.text) after', object.text_bytes],
      ['loadable_bytes', 'loadable bytes (allocated sections with contents)',
       object.loadable_bytes],
      ['object_bytes', 'bytes of the measured file', object.bytes],
    ];
    const body = rows.map(([key, label, value]) =>
      html('tr', {'data-total': key}, [html('th', {}, [label]),
        numberCell(value, {}, key === 'bytes_saved_percent' ? formatPercent : formatNumber)]));
    const notes = [];
    if (object.measured)
      notes.push(html('p', {class: 'note'}, [
        'Sizes measured from ' + (object.measured === 'linked-binary'
          ? 'the linked program ' + (object.file || '')
          : 'the objects ltofold generated') + '.',
      ]));
    else
      notes.push(html('p', {class: 'note'}, [
        'Bytes were not measured (a report written before code generation: ' +
        'ltofold report binary measures it from the linked program).',
      ]));
    if (isNumber(totals.groups_unmeasured) && totals.groups_unmeasured > 0)
      notes.push(html('p', {class: 'note'}, [
        counted(totals.groups_unmeasured, 'group', 'groups') +
        ' could not be measured; bytes saved is the sum over the others.',
      ]));
    return section('totals', 'Totals', [table('totals-table', ['', 'value'], body)].concat(notes));
  }

  function groupsChartSection(groups) {
    const measured = groups.some((group) => isNumber(group.bytes_saved));
    const metric = measured ? (group) => group.bytes_saved : instructionsOf;
    const ranked = groups.filter((group) => isNumber(metric(group)))
      .sort((a, b) => metric(b) - metric(a) || (a.kept < b.kept ? -1 : a.kept > b.kept ? 1 : 0));
    const shown = ranked.slice(0, BAR_LIMIT);
    const title = measured ? 'Fold groups by bytes saved'
                           : 'Fold groups by IR instructions folded (bytes not measured)';
    const children = [];
    if (!shown.length) {
      children.push(html('p', {}, ['No fold groups.']));
    } else {
      children.push(barChart('groups-chart', shown.map((group) => ({
        label: readable(group.kept),
        value: metric(group),
        tooltip: fullName(group.kept) + '\n' + (group.folded || []).length + ' folded, ' +
                 (measured ? counted(metric(group), 'byte saved', 'bytes saved')
                           : counted(metric(group), 'instruction', 'instructions')),
        attributes: {'data-kept': group.kept},
      })), measured ? 'B' : ''));
      if (ranked.length > shown.length)
        children.push(html('p', {class: 'note'}, [
          'The ' + shown.length + ' largest of ' + ranked.length + '; every group is listed below.',
        ]));
    }
    return section('groups-by-size', title, children);
  }

  function phasesSection(report) {
    const phases = Array.isArray(report.phases) ? report.phases : [];
    if (!phases.length)
      return section('phases', 'Phases', [html('p', {}, ['No phases recorded.'])]);
    const chart = barChart('phases-chart', phases.map((phase) => ({
      label: phase.name,
      value: phase.seconds,
      tooltip: phase.name + ': ' + formatNumber(phase.seconds) + ' s',
      attributes: {'data-phase': phase.name},
    })), 's');
    const total = phases.reduce((sum, phase) => sum + (phase.seconds || 0), 0);
    return section('phases', 'Phases', [chart, html('p', {class: 'note'}, [
      'Wall time, ' + formatNumber(total) + ' s in all.'])]);
  }

  function location(fold) {
    const where = fold.location;
    if (!where)
      return '\u2013';
    return where.file + ':' + where.line + ':' + where.column;
  }

  const textCell = (text) => html('td', {}, [text]);

  function fpSection(report) {
    const fprange = report.fprange;
    if (!fprange)
      return section('fp-folds', 'FP folds', [html('p', {}, ['fprange did not run.'])]);
    const folds = expandList(fprange.folds, 'fp_fold');
    const summary = html('p', {}, [
      counted(folds.length, 'fold', 'folds') + ', ' +
      counted(fprange.branches_removed, 'branch', 'branches') + ' removed; ' +
      counted(fprange.values, 'FP value', 'FP values') + ' given a range.',
    ]);
    if (!folds.length)
      return section('fp-folds', 'FP folds', [summary]);
    return section('fp-folds', 'FP folds', [summary, itemTable('fp-folds-table', [
      {key: 'kind', heading: 'kind', value: (fold) => fold.kind, cell: (fold) => textCell(fold.kind)},
      {key: 'function', heading: 'function', value: (fold) => readable(fold.function),
       cell: (fold) => html('td', {}, [symbol(fold.function)])},
      {key: 'what', heading: 'became', value: (fold) => fold.what, cell: (fold) => textCell(fold.what)},
      {key: 'location', heading: 'source', value: (fold) => fold.location ? location(fold) : null,
       cell: (fold) => html('td', {class: 'location'}, [location(fold)])},
    ], folds, {noun: ['FP fold', 'FP folds'], names: (fold) => [fold.function],
               row: (fold, cells) => html('tr', {class: 'fp-fold'}, cells)})]);
  }

  function groupsTableSection(groups) {
    if (!groups.length)
      return section('groups', 'Fold groups', [html('p', {}, ['No fold groups.'])]);
    const folded = (group) => html('td', {}, [html('ul', {class: 'folded'}, (group.folded || []).map(
      (fold) => html('li', {}, [
        symbol(fold.symbol), ' ',
        html('span', {class: 'method'}, [fold.method + (fold.similar ? ', similar' : '')]),
        isNumber(fold.bytes_saved) ? ' ' + formatNumber(fold.bytes_saved) + ' B' : null,
      ])))]);
    const saved = (group) => isNumber(group.bytes_saved) ? numberCell(group.bytes_saved)
      : html('td', {class: 'number unknown', 'data-value': 'null'}, [group.bytes_unknown || 'unknown']);
    return section('groups', 'Fold groups: each kept body and what was folded into it', [
      html('p', {class: 'note'}, [
        'A profiler or symbolizer that shows a kept body (at its address) ' +
        'shows every function folded into it. Click a heading to sort.']),
      itemTable('groups-table', [
        {key: 'kept', heading: 'kept', value: (group) => readable(group.kept),
         cell: (group) => html('td', {}, [symbol(group.kept)])},
        {key: 'kept_address', heading: 'address', value: (group) => group.kept_address,
         cell: (group) => html('td', {class: 'address'}, [group.kept_address || ''])},
        {key: 'folded', heading: 'folded (method)', descending: true,
         value: (group) => (group.folded || []).length, cell: folded},
        {key: 'kept_bytes', heading: 'kept bytes', descending: true, numeric: true,
         value: (group) => group.kept_bytes, cell: (group) => numberCell(group.kept_bytes)},
        {key: 'bytes_saved', heading: 'bytes saved', descending: true, numeric: true,
         value: (group) => group.bytes_saved, cell: saved},
      ], groups, {
        noun: ['group', 'groups'],
        names: (group) => [group.kept].concat((group.folded || []).map((fold) => fold.symbol)),
        row: (group, cells) => html('tr', {class: 'group', 'data-kept': group.kept}, cells),
      })]);
  }

  function drawReport(data, main) {
    const report = data.report;
    const groups = expandList(report.groups, 'group');
    main.appendChild(headline(report));
    main.appendChild(buildSection(data.builds, []));
    main.appendChild(totalsSection(Object.assign({}, report, {groups: groups})));
    main.appendChild(groupsChartSection(groups));
    main.appendChild(phasesSection(report));
    main.appendChild(fpSection(report));
    main.appendChild(groupsTableSection(groups));
  }

  /* ---- two reports ---- */

  /* Whether a total is better higher (bytes saved, folds) or lower (code
   * size): a change is a gain or a loss. */
  const LOWER_IS_BETTER = new Set(['text_bytes', 'loadable_bytes', 'object_bytes',
                                   'text_bytes_before']);
  function changeKind(key, before, after) {
    if (!isNumber(before) || !isNumber(after) || before === after)
      return null;
    return (after < before) === LOWER_IS_BETTER.has(key) ? 'gain' : 'loss';
  }
  function changeCell(key, before, after, percent) {
    const kind = changeKind(key, before, after);
    const text = !kind ? '' : !percent ? formatChange(before, after)
      : (after > before ? '+' : '') + (after - before).toFixed(1) + ' points';
    return html('td', {class: 'number change' + (kind ? ' ' + kind : ''),
                       'data-change': kind || 'none'}, [text]);
  }

  function diffTotals(model) {
    const byKey = Object.fromEntries(model.totals.map((row) => [row.key, row]));
    const sizes = (side) => codeSizes({bytes_saved: (byKey.bytes_saved || {})[side]},
                                      {text_bytes: (byKey.text_bytes || {})[side]}) || {};
    const oldSizes = sizes('old'), newSizes = sizes('new');
    const rows = model.totals.concat([
      {key: 'text_bytes_before', label: 'text bytes before the folds (text + saved)',
       old: oldSizes.before, new: newSizes.before},
      {key: 'bytes_saved_percent', label: 'bytes saved, % of text before', percent: true,
       old: oldSizes.percent, new: newSizes.percent},
    ]);
    return rows.map((row) => {
      const format = row.percent ? formatPercent : formatNumber;
      return html('tr', {'data-total': row.key}, [
        html('th', {}, [row.label]),
        numberCell(row.old, {class: 'number old'}, format),
        numberCell(row.new, {class: 'number new'}, format),
        changeCell(row.key, row.old, row.new, row.percent),
      ]);
    });
  }

  const VERDICTS = {ok: 'met', exceeded: 'exceeded', unchecked: 'not checked'};

  function budgetsSection(model) {
    const budgets = model.budgets || [];
    if (!budgets.length)
      return section('budgets', 'Budgets', [html('p', {class: 'note'}, [
        'No budgets given (report html OLD NEW --max-text-growth=N|P% --max-fold-loss=N).'])]);
    const rows = budgets.map((budget) => html('tr', {class: 'budget', 'data-budget': budget.budget,
                                                     'data-status': budget.status}, [
      html('td', {}, [html('code', {}, ['--' + budget.budget])]),
      html('td', {class: 'verdict ' + budget.status}, [VERDICTS[budget.status] || budget.status]),
      html('td', {}, [budget.message]),
    ]));
    const failed = budgets.filter((budget) => budget.status !== 'ok').length;
    return section('budgets', 'Budgets', [
      html('p', {class: 'verdict-summary ' + (failed ? 'exceeded' : 'ok')}, [
        failed ? failed + ' of ' + counted(budgets.length, 'budget', 'budgets') + ' not met' : 'Every budget met']),
      table('budgets-table', ['budget', 'verdict', ''], rows)]);
  }

  /* A list of groups new, gone or changed. */
  function diffListTable(id, list, kind) {
    if (!list.length)
      return html('p', {id: id}, ['None.']);
    const kept = {key: 'kept', heading: 'kept', value: (entry) => readable(entry.kept),
                  cell: (entry) => html('td', {}, [symbol(entry.kept)])};
    const sign = kind === 'gone' ? 'loss' : 'gain';
    const tableColumns = kind === 'changed' ? [kept,
      {key: 'folded', heading: 'folded', descending: true, numeric: true,
       value: (entry) => entry.new_folded - entry.old_folded,
       cell: (entry) => html('td', {class: 'number change' + (entry.new_folded === entry.old_folded ? ''
         : entry.new_folded > entry.old_folded ? ' gain' : ' loss')},
         [entry.old_folded + ' \u2192 ' + entry.new_folded])},
      {key: 'old_bytes_saved', heading: 'old bytes saved', descending: true, numeric: true,
       value: (entry) => entry.old_bytes_saved, cell: (entry) => numberCell(entry.old_bytes_saved)},
      {key: 'new_bytes_saved', heading: 'new bytes saved', descending: true, numeric: true,
       value: (entry) => entry.new_bytes_saved, cell: (entry) => numberCell(entry.new_bytes_saved)},
      {key: 'change', heading: 'change', descending: true, numeric: true,
       value: (entry) => isNumber(entry.old_bytes_saved) && isNumber(entry.new_bytes_saved)
         ? entry.new_bytes_saved - entry.old_bytes_saved : null,
       cell: (entry) => changeCell('bytes_saved', entry.old_bytes_saved, entry.new_bytes_saved)},
    ] : [kept,
      {key: 'folded', heading: 'folded', descending: true, numeric: true, value: (entry) => entry.folded,
       cell: (entry) => numberCell(entry.folded)},
      {key: 'bytes_saved', heading: 'bytes saved', descending: true, numeric: true, value: (entry) => entry.bytes_saved,
       cell: (entry) => numberCell(entry.bytes_saved, {class: 'number ' + sign})},
    ];
    return itemTable(id, tableColumns, list, {
      noun: ['group', 'groups'], names: (entry) => [entry.kept],
      row: (entry, cells) => html('tr', {class: 'group', 'data-kept': entry.kept}, cells),
    });
  }

  function drawDiff(data, main) {
    const model = data.model;
    const groupsNew = expandList(model.groups_new, 'group_one_sided');
    const groupsGone = expandList(model.groups_gone, 'group_one_sided');
    const groupsChanged = expandList(model.groups_changed, 'group_changed');
    main.appendChild(buildSection(data.builds, ['old', 'new']));
    const totals = [table('totals-table', ['', 'old', 'new', 'change'], diffTotals(model))];
    for (const note of model.notes || [])
      totals.push(html('p', {class: 'note'}, [note]));
    main.appendChild(section('totals', 'Totals', totals));
    main.appendChild(budgetsSection(model));

    const changes = [];
    for (const entry of groupsNew)
      if (isNumber(entry.bytes_saved))
        changes.push({kept: entry.kept, value: entry.bytes_saved, kind: 'new'});
    for (const entry of groupsGone)
      if (isNumber(entry.bytes_saved))
        changes.push({kept: entry.kept, value: -entry.bytes_saved, kind: 'gone'});
    for (const entry of groupsChanged)
      if (isNumber(entry.old_bytes_saved) && isNumber(entry.new_bytes_saved) &&
          entry.new_bytes_saved !== entry.old_bytes_saved)
        changes.push({kept: entry.kept, value: entry.new_bytes_saved - entry.old_bytes_saved,
                      kind: 'changed'});
    changes.sort((a, b) => Math.abs(b.value) - Math.abs(a.value) ||
                           (a.kept < b.kept ? -1 : a.kept > b.kept ? 1 : 0));
    const shown = changes.slice(0, BAR_LIMIT);
    main.appendChild(section('groups-by-size', 'Change in bytes saved, by group', shown.length ? [
      html('p', {class: 'note'}, ['More bytes saved (a gain) to the right, fewer (a loss) to the left.']),
      barChart('diff-chart', shown.map((change) => ({
        label: readable(change.kept), value: change.value,
        kind: change.value > 0 ? 'gain' : 'loss',
        tooltip: fullName(change.kept) + '\n' + change.kind + ': ' + formatChange(0, change.value) +
                 ' bytes saved',
        attributes: {'data-kept': change.kept, 'data-kind': change.kind},
      })), 'B'),
      changes.length > shown.length
        ? html('p', {class: 'note'}, ['The ' + shown.length + ' largest of ' + changes.length + '.'])
        : null,
    ] : [html('p', {}, ['No group changed its bytes saved.'])]));
    main.appendChild(section('groups-new', 'New fold groups (' + groupsNew.length + ')',
                             [diffListTable('groups-new-table', groupsNew, 'new')]));
    main.appendChild(section('groups-gone', 'Fold groups gone (' + groupsGone.length + ')',
                             [diffListTable('groups-gone-table', groupsGone, 'gone')]));
    main.appendChild(section('groups-changed', 'Changed groups (' + groupsChanged.length + ')',
                             [diffListTable('groups-changed-table', groupsChanged, 'changed')]));
  }

  /* ---- a series ---- */

  /* A round step that cuts `range` into about `count` parts; at least 1,
   * as every number followed is a count. */
  function niceStep(range, count) {
    const raw = Math.max(1, range / count);
    const power = Math.pow(10, Math.floor(Math.log10(raw)));
    const unit = raw / power;
    return power * (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 2.5 ? 2.5 : unit <= 5 ? 5 : 10);
  }

  /* The y axis for `values`: from zero, unless the values differ but lie
   * so far above it (the lowest above half the highest) that from zero
   * their changes would look flat; then it starts at a round number below
   * the lowest, and the chart marks the axis as broken. */
  function yAxis(values) {
    let low = Math.min(0, ...values), high = Math.max(0, ...values);
    const smallest = Math.min(...values);
    const broken = smallest > 0 && smallest > high / 2 && smallest < high;
    if (broken)
      low = smallest - (high - smallest) * 0.5;
    if (high === low)
      high = low + 1;
    const step = niceStep(high - low, 4);
    const start = Math.floor(low / step) * step;
    const ticks = [];
    for (let tick = start; tick < high + step * 0.999; tick += step)
      ticks.push(Number(tick.toPrecision(12)));
    return {broken: broken && start > 0, start: ticks[0], end: ticks[ticks.length - 1], ticks: ticks};
  }

  /* A line plot of one number across the builds: a point per build that
   * has it, the builds named along the x axis. */
  function lineChart(metric, builds) {
    const rotate = builds.length > 6;
    const width = 900, height = rotate ? 300 : 250, left = 90, right = 40, top = 24;
    const bottom = rotate ? 110 : 50;
    const values = builds.map((build) => build[metric.key]);
    const known = values.filter(isNumber);
    const axis = yAxis(known);
    const chart = svg('svg', {id: 'trend-' + metric.key, class: 'chart trend',
                              viewBox: '0 0 ' + width + ' ' + height, width: width,
                              height: height, role: 'img',
                              'data-axis': axis.broken ? 'broken' : 'zero'});
    chart.appendChild(svg('text', {class: 'chart-title', x: left, y: 14}, [metric.label]));
    const plotWidth = width - left - right, plotBottom = height - bottom;
    const spacing = builds.length === 1 ? plotWidth : plotWidth / (builds.length - 1);
    const x = (index) => left + (builds.length === 1 ? plotWidth / 2 : index * spacing);
    const y = (value) => top + (axis.end - value) * (plotBottom - top) / (axis.end - axis.start);
    for (const tick of axis.ticks) {
      chart.appendChild(svg('line', {class: 'grid', x1: left, x2: width - right, y1: y(tick), y2: y(tick)}));
      chart.appendChild(svg('text', {class: 'axis-label y-label', x: left - 8, y: y(tick) + 4,
                                     'data-value': tick}, [formatNumber(tick)]));
    }
    chart.appendChild(svg('line', {class: 'axis', x1: left, x2: left, y1: top, y2: plotBottom}));
    chart.appendChild(svg('line', {class: 'axis', x1: left, x2: width - right,
                                   y1: plotBottom, y2: plotBottom}));
    if (axis.broken)
      chart.appendChild(titled(svg('path', {class: 'axis-break',
        d: 'M' + (left - 7) + ',' + (plotBottom - 14) + ' l14,-5 M' + (left - 7) + ',' +
           (plotBottom - 8) + ' l14,-5'}), 'axis broken: it starts at ' + formatNumber(axis.start)));
    /* Labels fit between their neighbours; the first starts at its point
     * and the last ends at it, so that neither leaves the chart. */
    const characters = rotate ? 22 : Math.max(6, Math.floor(spacing / 7));
    const last = builds.length - 1;
    builds.forEach((build, index) => {
      const edge = builds.length > 1 && index === 0 ? ' first' : index === last && last ? ' last' : '';
      const attributes = rotate
        ? {class: 'x-label rotated', x: x(index), y: plotBottom + 14,
           transform: 'rotate(-35 ' + x(index) + ' ' + (plotBottom + 14) + ')'}
        : {class: 'x-label' + edge, x: x(index), y: plotBottom + 18};
      chart.appendChild(titled(svg('text', Object.assign(attributes, {
        'data-build': index + 1, 'data-label': build.label}), [shorten(build.label, characters)]),
        build.label + '\n' + build.path));
    });
    const points = [];
    values.forEach((value, index) => {
      if (isNumber(value))
        points.push(x(index) + ',' + y(value));
    });
    chart.appendChild(svg('polyline', {class: 'line', points: points.join(' ')}));
    values.forEach((value, index) => {
      if (!isNumber(value))
        return;
      chart.appendChild(titled(svg('circle', {class: 'point', cx: x(index), cy: y(value), r: 4,
                                              'data-value': value, 'data-build': index + 1}),
                               builds[index].label + ': ' + formatNumber(value)));
    });
    return chart;
  }

  function drawTrend(data, main) {
    const model = data.model;
    const builds = model.builds;
    main.appendChild(html('p', {class: 'files'}, [counted(builds.length, 'build', 'builds') + ', oldest first']));
    const charts = [], omitted = [];
    for (const metric of model.metrics) {
      const known = builds.map((build) => build[metric.key]).filter(isNumber);
      if (!known.length)
        omitted.push(metric.label + ' (in no report)');
      else if (known.every((value) => value === 0))
        omitted.push(metric.label + ' (0 in every build)');
      else
        charts.push(lineChart(metric, builds));
    }
    if (omitted.length)
      charts.push(html('p', {class: 'note', id: 'trend-omitted'}, ['Not drawn: ' + omitted.join('; ') + '.']));
    main.appendChild(section('trend', 'Trend', charts));
    const rows = builds.map((build, index) => html('tr', {class: 'build'}, [
      html('td', {class: 'number'}, [String(index + 1)]),
      html('td', {class: 'build-label'}, [build.label]),
      html('td', {}, [html('code', {}, [build.path])]),
    ].concat(model.metrics.map((metric) => numberCell(build[metric.key], {'data-metric': metric.key})))));
    const children = [table('builds-table', ['#', 'build', 'report'].concat(
      model.metrics.map((metric) => metric.label)), rows)];
    for (const note of model.notes || [])
      children.push(html('p', {class: 'note'}, [note]));
    main.appendChild(section('builds', 'Builds', children));
  }

  const main = document.getElementById('main');
  try {
    const data = JSON.parse(document.getElementById('ltofold-data').textContent);
    readData(data);
    main.appendChild(html('h1', {}, [document.title]));
    ({report: drawReport, diff: drawDiff, trend: drawTrend})[data.mode](data, main);
    main.appendChild(html('footer', {}, [data.generator]));
    document.body.setAttribute('data-rendered', data.mode);
  } catch (error) {
    main.appendChild(html('p', {class: 'error'}, ['This page could not be drawn: ' + error]));
    document.body.setAttribute('data-rendered', 'error');
  }
})();
