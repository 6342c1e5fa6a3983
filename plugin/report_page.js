/* The ltofold report page (`ltofold report html`, cli_report_html.c).
 *
 * Draws the JSON embedded in the page's #ltofold-data element, in one of
 * three modes:
 *   report  one report: its totals, the fold groups ranked by bytes saved
 *           (a bar chart), the phases' times, the FP folds with their
 *           source locations, and every group with what was folded into it;
 *   diff    two reports: the totals side by side, the groups that came,
 *           went or changed, charted by the change in bytes saved;
 *   trend   a series of reports: a line plot per number followed.
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

  /* Mangled name -> demangled, from the page's data (set before drawing). */
  let demangled = {};
  function readable(name) {
    return Object.prototype.hasOwnProperty.call(demangled, name) ? demangled[name] : name;
  }
  /* A symbol as the report has it (exact, in <code>), with its demangled
   * name beside it when it has one. */
  function symbol(name) {
    const exact = html('code', {}, [name]);
    return readable(name) === name ? exact
      : html('span', {class: 'symbol'}, [exact, html('span', {class: 'demangled'}, [readable(name)])]);
  }

  /* Long names shortened for chart labels (the full name is the bar's
   * tooltip and is in the tables). */
  function shorten(text, length) {
    return text.length <= length ? text : text.slice(0, length - 1) + '\u2026';
  }

  /* A number cell: the value formatted, the exact value in data-value. */
  function numberCell(value, attributes) {
    return html('td', Object.assign({class: 'number', 'data-value': isNumber(value) ? value : 'null'},
                                    attributes || {}),
                [formatNumber(value)]);
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

  /* A horizontal bar chart as SVG. rows: {label, value, tooltip,
   * attributes}; negative values grow left of the zero line. */
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
      chart.appendChild(svg('text', {class: 'bar-label', x: labelWidth - 8, y: y + 15}, [
        shorten(row.label, 52),
      ]));
      chart.appendChild(svg('rect', Object.assign({
        class: 'bar' + (row.value < 0 ? ' negative' : ''), x: x, y: y + 3,
        width: length, height: rowHeight - 6, 'data-value': row.value,
      }, row.attributes || {}), [svg('title', {}, [row.tooltip])]));
      const after = row.value < 0 ? zero + 6 : x + length + 6;
      chart.appendChild(svg('text', {class: 'bar-value', x: after, y: y + 15}, [
        formatNumber(row.value) + (unit ? ' ' + unit : ''),
      ]));
    });
    if (negative)
      chart.appendChild(svg('line', {class: 'zero', x1: zero, x2: zero, y1: 0, y2: height}));
    return chart;
  }

  /* ---- one report ---- */

  function groupsOf(report) {
    return (report.merge && Array.isArray(report.merge.groups)) ? report.merge.groups : [];
  }

  function instructionsOf(group) {
    return (group.folded || []).reduce((sum, fold) => sum + (fold.instructions || 0), 0);
  }

  function totalsSection(report) {
    const totals = report.totals || {};
    const object = report.object || {};
    const rows = [
      ['functions_folded', 'functions folded', totals.functions_folded],
      ['instructions_folded', 'IR instructions folded', totals.instructions_folded],
      ['bytes_saved', 'bytes saved', totals.bytes_saved],
      ['groups', 'fold groups', groupsOf(report).length],
      ['fp_folds', 'FP folds', totals.fp_folds],
      ['branches_removed', 'branches removed', totals.branches_removed],
      ['text_bytes', 'code bytes (.text)', object.text_bytes],
      ['object_bytes', 'bytes of the measured file', object.bytes],
    ];
    const body = rows.map(([key, label, value]) =>
      html('tr', {'data-total': key}, [html('th', {}, [label]), numberCell(value)]));
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

  function groupsChartSection(report) {
    const groups = groupsOf(report);
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
        tooltip: readable(group.kept) + ' [' + group.kept + ']: ' +
                 (group.folded || []).length + ' folded, ' +
                 (measured ? counted(metric(group), 'byte', 'bytes')
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

  function fpSection(report) {
    const fprange = report.fprange;
    if (!fprange)
      return section('fp-folds', 'FP folds', [html('p', {}, ['fprange did not run.'])]);
    const folds = Array.isArray(fprange.folds) ? fprange.folds : [];
    const summary = html('p', {}, [
      counted(folds.length, 'fold', 'folds') + ', ' +
      counted(fprange.branches_removed, 'branch', 'branches') + ' removed; ' +
      counted(fprange.values, 'FP value', 'FP values') + ' given a range.',
    ]);
    if (!folds.length)
      return section('fp-folds', 'FP folds', [summary]);
    const rows = folds.map((fold) => html('tr', {class: 'fp-fold'}, [
      html('td', {}, [fold.kind]),
      html('td', {}, [symbol(fold.function)]),
      html('td', {}, [fold.what]),
      html('td', {class: 'location'}, [location(fold)]),
    ]));
    return section('fp-folds', 'FP folds', [
      summary, table('fp-folds-table', ['kind', 'function', 'became', 'source'], rows)]);
  }

  function groupsTableSection(report) {
    const groups = groupsOf(report);
    if (!groups.length)
      return section('groups', 'Fold groups', [html('p', {}, ['No fold groups.'])]);
    const rows = groups.map((group) => {
      const folded = html('ul', {class: 'folded'}, (group.folded || []).map((fold) =>
        html('li', {}, [
          symbol(fold.symbol), ' ',
          html('span', {class: 'method'}, [fold.method + (fold.similar ? ', similar' : '')]),
          isNumber(fold.bytes_saved) ? ' ' + formatNumber(fold.bytes_saved) + ' B' : null,
        ])));
      const saved = isNumber(group.bytes_saved) ? numberCell(group.bytes_saved)
        : html('td', {class: 'number unknown', 'data-value': 'null'},
               [group.bytes_unknown || 'unknown']);
      return html('tr', {class: 'group', 'data-kept': group.kept}, [
        html('td', {}, [symbol(group.kept)]),
        html('td', {class: 'address'}, [group.kept_address || '']),
        html('td', {}, [folded]),
        numberCell(group.kept_bytes),
        saved,
      ]);
    });
    return section('groups', 'Fold groups: each kept body and what was folded into it', [
      html('p', {class: 'note'}, [
        'A profiler or symbolizer that shows a kept body (at its address) ' +
        'shows every function folded into it.']),
      table('groups-table', ['kept', 'address', 'folded (method)', 'kept bytes', 'bytes saved'],
            rows)]);
  }

  function drawReport(data, main) {
    const report = data.report;
    main.appendChild(html('p', {class: 'files'}, [html('code', {}, [data.paths[0]])]));
    main.appendChild(totalsSection(report));
    main.appendChild(groupsChartSection(report));
    main.appendChild(phasesSection(report));
    main.appendChild(fpSection(report));
    main.appendChild(groupsTableSection(report));
  }

  /* ---- two reports ---- */

  function diffListTable(id, list, changed) {
    if (!list.length)
      return html('p', {id: id}, ['None.']);
    const rows = list.map((entry) => html('tr', {class: 'group', 'data-kept': entry.kept},
      changed ? [
        html('td', {}, [symbol(entry.kept)]),
        html('td', {class: 'number'}, [entry.old_folded + ' \u2192 ' + entry.new_folded]),
        numberCell(entry.old_bytes_saved), numberCell(entry.new_bytes_saved),
      ] : [
        html('td', {}, [symbol(entry.kept)]),
        numberCell(entry.folded), numberCell(entry.bytes_saved),
      ]));
    return table(id, changed ? ['kept', 'folded', 'old bytes saved', 'new bytes saved']
                             : ['kept', 'folded', 'bytes saved'], rows);
  }

  function drawDiff(data, main) {
    const model = data.model;
    main.appendChild(html('p', {class: 'files'}, [
      'old: ', html('code', {}, [model.old]), ' \u2192 new: ', html('code', {}, [model.new])]));
    const rows = model.totals.map((row) => html('tr', {'data-total': row.key}, [
      html('th', {}, [row.label]),
      numberCell(row.old, {class: 'number old'}),
      numberCell(row.new, {class: 'number new'}),
      html('td', {class: 'number change'}, [formatChange(row.old, row.new)]),
    ]));
    const totals = [table('totals-table', ['', 'old', 'new', 'change'], rows)];
    for (const note of model.notes || [])
      totals.push(html('p', {class: 'note'}, [note]));
    main.appendChild(section('totals', 'Totals', totals));

    const changes = [];
    for (const entry of model.groups_new)
      if (isNumber(entry.bytes_saved))
        changes.push({kept: entry.kept, value: entry.bytes_saved, kind: 'new'});
    for (const entry of model.groups_gone)
      if (isNumber(entry.bytes_saved))
        changes.push({kept: entry.kept, value: -entry.bytes_saved, kind: 'gone'});
    for (const entry of model.groups_changed)
      if (isNumber(entry.old_bytes_saved) && isNumber(entry.new_bytes_saved) &&
          entry.new_bytes_saved !== entry.old_bytes_saved)
        changes.push({kept: entry.kept, value: entry.new_bytes_saved - entry.old_bytes_saved,
                      kind: 'changed'});
    changes.sort((a, b) => Math.abs(b.value) - Math.abs(a.value) ||
                           (a.kept < b.kept ? -1 : a.kept > b.kept ? 1 : 0));
    const shown = changes.slice(0, BAR_LIMIT);
    main.appendChild(section('groups-by-size', 'Change in bytes saved, by group', shown.length ? [
      barChart('diff-chart', shown.map((change) => ({
        label: change.kept, value: change.value,
        tooltip: change.kept + ' (' + change.kind + '): ' + formatChange(0, change.value) + ' bytes saved',
        attributes: {'data-kept': change.kept, 'data-kind': change.kind},
      })), 'B'),
      changes.length > shown.length
        ? html('p', {class: 'note'}, ['The ' + shown.length + ' largest of ' + changes.length + '.'])
        : null,
    ] : [html('p', {}, ['No group changed its bytes saved.'])]));
    main.appendChild(section('groups-new', 'New fold groups (' + model.groups_new.length + ')',
                             [diffListTable('groups-new-table', model.groups_new, false)]));
    main.appendChild(section('groups-gone', 'Fold groups gone (' + model.groups_gone.length + ')',
                             [diffListTable('groups-gone-table', model.groups_gone, false)]));
    main.appendChild(section('groups-changed',
                             'Changed groups (' + model.groups_changed.length + ')',
                             [diffListTable('groups-changed-table', model.groups_changed, true)]));
  }

  /* ---- a series ---- */

  /* A line plot of one number across the builds; a point per build that
   * has it. */
  function lineChart(metric, builds) {
    const width = 900, height = 220, left = 90, right = 30, top = 20, bottom = 40;
    const values = builds.map((build) => build[metric.key]);
    const known = values.filter(isNumber);
    const chart = svg('svg', {id: 'trend-' + metric.key, class: 'chart trend',
                              viewBox: '0 0 ' + width + ' ' + height, width: width,
                              height: height, role: 'img'});
    chart.appendChild(svg('text', {class: 'chart-title', x: left, y: 14}, [metric.label]));
    if (!known.length) {
      chart.appendChild(svg('text', {class: 'bar-label-left', x: left, y: height / 2},
                            ['not in these reports']));
      return chart;
    }
    let low = Math.min(...known), high = Math.max(...known);
    if (low === high) {
      low -= 1;
      high += 1;
    }
    const x = (index) => left + (builds.length === 1 ? (width - left - right) / 2
      : index * (width - left - right) / (builds.length - 1));
    const y = (value) => top + (high - value) * (height - top - bottom) / (high - low);
    chart.appendChild(svg('line', {class: 'axis', x1: left, x2: width - right,
                                   y1: height - bottom, y2: height - bottom}));
    chart.appendChild(svg('text', {class: 'axis-label', x: left - 6, y: y(high) + 4},
                          [formatNumber(high)]));
    chart.appendChild(svg('text', {class: 'axis-label', x: left - 6, y: y(low) + 4},
                          [formatNumber(low)]));
    const points = [];
    values.forEach((value, index) => {
      chart.appendChild(svg('text', {class: 'tick', x: x(index), y: height - bottom + 16},
                            [String(index + 1)]));
      if (isNumber(value))
        points.push(x(index) + ',' + y(value));
    });
    chart.appendChild(svg('polyline', {class: 'line', points: points.join(' ')}));
    values.forEach((value, index) => {
      if (!isNumber(value))
        return;
      chart.appendChild(svg('circle', {class: 'point', cx: x(index), cy: y(value), r: 4,
                                       'data-value': value, 'data-build': index + 1},
                            [svg('title', {}, [builds[index].path + ': ' + formatNumber(value)])]));
    });
    return chart;
  }

  function drawTrend(data, main) {
    const model = data.model;
    const builds = model.builds;
    main.appendChild(html('p', {class: 'files'}, [counted(builds.length, 'build', 'builds') + ', oldest first']));
    main.appendChild(section('trend', 'Trend', model.metrics.map((metric) =>
      lineChart(metric, builds))));
    const rows = builds.map((build, index) => html('tr', {class: 'build'}, [
      html('td', {class: 'number'}, [String(index + 1)]),
      html('td', {}, [html('code', {}, [build.path])]),
    ].concat(model.metrics.map((metric) => numberCell(build[metric.key], {'data-metric': metric.key})))));
    const children = [table('builds-table', ['#', 'report'].concat(
      model.metrics.map((metric) => metric.label)), rows)];
    for (const note of model.notes || [])
      children.push(html('p', {class: 'note'}, [note]));
    main.appendChild(section('builds', 'Builds', children));
  }

  const main = document.getElementById('main');
  try {
    const data = JSON.parse(document.getElementById('ltofold-data').textContent);
    demangled = data.demangled || {};
    const titles = {report: 'ltofold report', diff: 'ltofold report: difference of two builds',
                    trend: 'ltofold report: trend'};
    document.title = titles[data.mode] + (data.mode === 'report' ? ': ' + data.paths[0] : '');
    main.appendChild(html('h1', {}, [titles[data.mode]]));
    ({report: drawReport, diff: drawDiff, trend: drawTrend})[data.mode](data, main);
    main.appendChild(html('footer', {}, [data.generator]));
    document.body.setAttribute('data-rendered', data.mode);
  } catch (error) {
    main.appendChild(html('p', {class: 'error'}, ['This page could not be drawn: ' + error]));
    document.body.setAttribute('data-rendered', 'error');
  }
})();
