// The query page's editor and runner, shared by the server's preemptive endpoint and ldf-endpoint.
// Without it the page is a plain form; with it: highlighting, Ctrl-Enter, prefixes declared as they
// are typed, results appended as they stream in with the running total and time, downloads, links
// from terms to their fragments. Everything is built with DOM calls (never innerHTML), so nothing
// an answer holds can become markup.
(function () {
  'use strict';
  var form = document.getElementById('sparql');
  if (!form || !window.fetch || !window.TextDecoder) {
    return;
  }
  var area = document.getElementById('query');
  var shade = form.querySelector('pre.highlight');
  var answer = document.getElementById('answer');
  var served = document.getElementById('results');
  var known = {};
  Array.prototype.forEach.call(form.querySelectorAll('[data-iri]'), function (e) {
    known[e.getAttribute('data-prefix')] = e.getAttribute('data-iri');
  });
  var fragments = form.getAttribute('data-fragments') || '';
  var SHOWN = 10000;
  var KEYWORDS = ('BASE PREFIX SELECT CONSTRUCT DESCRIBE ASK WHERE FROM NAMED DISTINCT REDUCED AS OPTIONAL UNION MINUS '
      + 'FILTER BIND VALUES GRAPH SERVICE SILENT GROUP BY HAVING ORDER ASC DESC LIMIT OFFSET UNDEF NOT IN EXISTS '
      + 'COUNT SUM MIN MAX AVG SAMPLE GROUP_CONCAT SEPARATOR TRUE FALSE STR LANG LANGMATCHES DATATYPE BOUND IRI URI '
      + 'BNODE RAND ABS CEIL FLOOR ROUND CONCAT STRLEN UCASE LCASE ENCODE_FOR_URI CONTAINS STRSTARTS STRENDS '
      + 'STRBEFORE STRAFTER YEAR MONTH DAY HOURS MINUTES SECONDS TIMEZONE TZ NOW UUID STRUUID MD5 SHA1 SHA256 SHA384 '
      + 'SHA512 COALESCE IF STRLANG STRDT SAMETERM ISIRI ISURI ISBLANK ISLITERAL ISNUMERIC REGEX SUBSTR REPLACE').split(' ');
  var KEYWORD = {};
  KEYWORDS.forEach(function (k) { KEYWORD[k] = true; });
  // Comments, IRIs, strings, variables, prefixed names, numbers, words; anything else is plain text.
  var TOKEN = new RegExp([
    '(#[^\\n]*)',
    '(<[^<>"{}|^`\\\\\\s]*>)',
    '("""[\\s\\S]*?(?:"""|$)|\'\'\'[\\s\\S]*?(?:\'\'\'|$)|"(?:[^"\\\\\\n]|\\\\.)*"?|\'(?:[^\'\\\\\\n]|\\\\.)*\'?)',
    '([?$][A-Za-z0-9_\\u00B7-\\uFFFF]+)',
    '((?:[A-Za-z\\u00C0-\\uFFFF][\\w\\u00B7-\\uFFFF.-]*)?:(?:[\\w\\u00B7-\\uFFFF:%-]|\\.(?=[\\w\\u00B7-\\uFFFF:%-]))*)',
    '(\\d+(?:\\.\\d*)?(?:[eE][+-]?\\d+)?)',
    '([A-Za-z_][A-Za-z0-9_]*)'
  ].join('|'), 'g');
  var CLASSES = [null, 'c', 'i', 's', 'v', 'p', 'n', 'k'];

  function el(name, className, text) {
    var e = document.createElement(name);
    if (className) {
      e.className = className;
    }
    if (text !== undefined) {
      e.textContent = text;
    }
    return e;
  }

  // ---- the editor ------------------------------------------------------------------------------

  function highlight() {
    var text = area.value;
    var parts = [];
    var at = 0;
    var m;
    TOKEN.lastIndex = 0;
    while ((m = TOKEN.exec(text)) !== null) {
      if (m[0].length === 0) {
        TOKEN.lastIndex++;
        continue;
      }
      if (m.index > at) {
        parts.push(document.createTextNode(text.slice(at, m.index)));
      }
      var group = 1;
      while (m[group] === undefined) {
        group++;
      }
      var className = CLASSES[group];
      if (group === 7 && !(KEYWORD[m[0].toUpperCase()] || m[0] === 'a')) {
        className = null;
      }
      parts.push(className ? el('span', className, m[0]) : document.createTextNode(m[0]));
      at = m.index + m[0].length;
    }
    parts.push(document.createTextNode(text.slice(at) + '\n'));
    shade.replaceChildren.apply(shade, parts);
    shade.scrollTop = area.scrollTop;
  }

  function declared() {
    var names = {};
    var re = /PREFIX\s+([A-Za-z\u00C0-\uFFFF][\w.-]*|):\s*<([^>]*)>/gi;
    var m;
    while ((m = re.exec(area.value)) !== null) {
      names[m[1]] = m[2];
    }
    return names;
  }

  // Where a new PREFIX line goes: after the query's last PREFIX or BASE line, else at the start.
  function prologueEnd() {
    var re = /^[ \t]*(?:PREFIX|BASE)\b[^\n]*\n?/gim;
    var end = 0;
    var m;
    while ((m = re.exec(area.value)) !== null) {
      if (area.value.slice(end, m.index).trim() !== '') {
        break;
      }
      end = m.index + m[0].length;
    }
    return end;
  }

  function declare(name) {
    var at = prologueEnd();
    var line = 'PREFIX ' + name + ': <' + known[name] + '>\n';
    if (at > 0 && area.value.charAt(at - 1) !== '\n') {
      line = '\n' + line;
    }
    area.setRangeText(line, at, at, 'preserve');
  }

  // The prefixed names the query uses that it does not declare but this page knows.
  function undeclaredKnown() {
    var have = declared();
    var missing = {};
    var m;
    TOKEN.lastIndex = 0;
    while ((m = TOKEN.exec(area.value)) !== null) {
      if (m[0].length === 0) {
        TOKEN.lastIndex++;
      } else if (m[5] !== undefined) {
        var name = m[5].slice(0, m[5].indexOf(':'));
        if (!(name in have) && Object.prototype.hasOwnProperty.call(known, name)) {
          missing[name] = true;
        }
      }
    }
    return Object.keys(missing);
  }

  function wordBeforeCaret() {
    var before = area.value.slice(0, area.selectionStart);
    var m = /(?:^|[^\w.:?$-])([A-Za-z\u00C0-\uFFFF][\w.-]*)$/.exec(before);
    return m ? m[1] : null;
  }

  function completePrefix() {
    var word = wordBeforeCaret();
    if (word === null || area.selectionStart !== area.selectionEnd) {
      return false;
    }
    var names = Object.keys(known).concat(Object.keys(declared())).filter(function (n, i, all) {
      return n.indexOf(word) === 0 && all.indexOf(n) === i;
    });
    if (names.length !== 1) {
      return false;
    }
    area.setRangeText(names[0].slice(word.length) + ':', area.selectionStart, area.selectionEnd, 'end');
    afterColon();
    return true;
  }

  function afterColon() {
    var caret = area.selectionStart;
    var before = area.value.slice(0, caret - 1);
    var m = /(?:^|[^\w.:?$<-])([A-Za-z\u00C0-\uFFFF][\w.-]*)$/.exec(before);
    if (m && Object.prototype.hasOwnProperty.call(known, m[1]) && !(m[1] in declared())
        && !/PREFIX\s+$/i.test(before.slice(0, before.length - m[1].length))) {
      declare(m[1]);
    }
  }

  area.addEventListener('input', function (e) {
    if (e.inputType === 'insertText' && e.data === ':') {
      afterColon();
    }
    highlight();
  });
  area.addEventListener('scroll', function () {
    shade.scrollTop = area.scrollTop;
  });
  area.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      run();
    } else if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey && completePrefix()) {
      // Tab completes a prefix; where there is none to complete it moves the focus as usual.
      e.preventDefault();
      highlight();
    }
  });
  form.classList.add('enhanced');
  highlight();

  // ---- terms in answers --------------------------------------------------------------------------

  var ESCAPES = { t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', '"': '"', '\'': '\'', '\\': '\\' };
  var XSD = 'http://www.w3.org/2001/XMLSchema#';

  // One RDF term in N-Triples or SPARQL TSV syntax at s[at]: [term, where it ends], or null.
  function term(s, at) {
    var c = s.charAt(at);
    var m;
    if (c === '<') {
      var end = s.indexOf('>', at);
      return end < 0 ? null : [{ type: 'iri', value: unescapeText(s.slice(at + 1, end)) }, end + 1];
    }
    if (c === '_' && s.charAt(at + 1) === ':') {
      m = /^_:\S*/.exec(s.slice(at));
      return [{ type: 'bnode', value: m[0] }, at + m[0].length];
    }
    if (c === '"') {
      var i = at + 1;
      while (i < s.length && s.charAt(i) !== '"') {
        i += s.charAt(i) === '\\' ? 2 : 1;
      }
      if (i >= s.length) {
        return null;
      }
      var literal = { type: 'literal', value: unescapeText(s.slice(at + 1, i)), datatype: XSD + 'string' };
      i++;
      if (s.charAt(i) === '@') {
        m = /^@[A-Za-z]+(?:-[A-Za-z0-9]+)*/.exec(s.slice(i));
        literal.lang = m ? m[0].slice(1) : '';
        literal.datatype = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';
        i += m ? m[0].length : 1;
      } else if (s.slice(i, i + 3) === '^^<') {
        var close = s.indexOf('>', i);
        literal.datatype = unescapeText(s.slice(i + 3, close));
        i = close + 1;
      }
      return [literal, i];
    }
    m = /^(?:true|false|[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/.exec(s.slice(at));
    if (m) {
      var v = m[0];
      var datatype = v === 'true' || v === 'false' ? 'boolean' : /[eE]/.test(v) ? 'double' : /\./.test(v) ? 'decimal' : 'integer';
      return [{ type: 'literal', value: v, datatype: XSD + datatype }, at + v.length];
    }
    return null;
  }

  function unescapeText(s) {
    return s.replace(/\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))/g, function (all, u, U, c) {
      if (u || U) {
        return String.fromCodePoint(parseInt(u || U, 16));
      }
      return ESCAPES[c] !== undefined ? ESCAPES[c] : all;
    });
  }

  function shortName(iri, prefixes) {
    var best = null;
    Object.keys(prefixes).forEach(function (name) {
      var ns = prefixes[name];
      if (ns && iri.indexOf(ns) === 0 && /^[A-Za-z_][\w-]*$/.test(iri.slice(ns.length))
          && (best === null || ns.length > prefixes[best].length)) {
        best = name;
      }
    });
    return best === null ? '<' + iri + '>' : best + ':' + iri.slice(prefixes[best].length);
  }

  function fragmentLink(position, syntax) {
    return fragments + (fragments.indexOf('?') < 0 ? '?' : '&') + position + '=' + encodeURIComponent(syntax);
  }

  function cell(t, prefixes) {
    var td = el('td');
    if (!t) {
      return td;
    }
    if (t.type === 'iri') {
      var label = shortName(t.value, prefixes);
      var safe = /^https?:\/\//i.test(t.value);
      var a = el(fragments || safe ? 'a' : 'span', null, label);
      a.title = t.value;
      if (fragments) {
        a.href = fragmentLink('subject', t.value);
      } else if (safe) {
        a.href = t.value;
      }
      td.appendChild(a);
      if (fragments && safe) {
        var out = el('a', 'ext', '\u2197');
        out.href = t.value;
        out.title = 'open the IRI itself';
        td.appendChild(out);
      }
    } else if (t.type === 'literal') {
      td.className = 'literal';
      var syntax = '"' + t.value + '"' + (t.lang ? '@' + t.lang
          : t.datatype === XSD + 'string' ? '' : '^^' + t.datatype);
      var text = el(fragments ? 'a' : 'span', null, '"' + t.value + '"');
      if (fragments) {
        text.href = fragmentLink('object', syntax);
      }
      td.appendChild(text);
      if (t.lang) {
        td.appendChild(el('span', 'meta', '@' + t.lang));
      } else if (t.datatype !== XSD + 'string') {
        var meta = el('span', 'meta', '^^' + shortName(t.datatype, prefixes));
        meta.title = t.datatype;
        td.appendChild(meta);
      }
    } else {
      td.textContent = t.value;
    }
    return td;
  }

  // ---- running a query -------------------------------------------------------------------------

  var running = null;

  function formatCount(n) {
    return n.toLocaleString('en');
  }

  // Reads a response's body a line at a time as it arrives; resolves when it ends, rejects when cut.
  function lines(response, onLine, signal) {
    var reader = response.body.getReader();
    var decoder = new TextDecoder('utf-8');
    var rest = '';
    function next() {
      return reader.read().then(function (chunk) {
        if (chunk.done) {
          rest += decoder.decode();
          if (rest !== '') {
            onLine(rest);
          }
          return;
        }
        var text = rest + decoder.decode(chunk.value, { stream: true });
        var parts = text.split('\n');
        rest = parts.pop();
        for (var i = 0; i < parts.length && !signal.aborted; i++) {
          onLine(parts[i].replace(/\r$/, ''));
        }
        return next();
      });
    }
    return next();
  }

  function downloads(query, graph) {
    var p = el('p', 'downloads', 'Download the whole answer: ');
    var formats = graph ? [['Turtle', 'ttl', 'turtle'], ['N-Triples', 'nt', 'ntriples'], ['JSON-LD', 'jsonld', 'jsonld']]
        : [['CSV', 'csv', 'csv'], ['TSV', 'tsv', 'tsv'], ['JSON', 'json', 'json']];
    formats.forEach(function (f, i) {
      var a = el('a', null, f[0]);
      a.href = form.action + '?query=' + encodeURIComponent(query) + '&format=' + f[2];
      a.setAttribute('download', 'answer.' + f[1]);
      if (i > 0) {
        p.appendChild(document.createTextNode(', '));
      }
      p.appendChild(a);
    });
    return p;
  }

  function run() {
    if (running) {
      running.abort();
    }
    undeclaredKnown().forEach(declare);
    highlight();
    var query = area.value;
    var controller = new AbortController();
    running = controller;
    if (served) {
      served.remove();
      served = null;
    }
    var prefixes = Object.assign({}, known, declared());
    var status = el('p', 'count', 'Running\u2026');
    status.setAttribute('role', 'status');
    var stop = el('button', 'stop', 'Stop');
    stop.type = 'button';
    var table = el('table');
    var head = el('thead');
    var body = el('tbody');
    table.appendChild(head);
    table.appendChild(body);
    var note = el('p', 'meta');
    answer.replaceChildren(status, stop, table, note);
    history.replaceState(null, '', form.action + '?query=' + encodeURIComponent(query));

    var started = performance.now();
    var total = 0;
    var columns = null;
    var graph = false;
    var done = false;
    var failure = null;
    function seconds() {
      return ((performance.now() - started) / 1000).toFixed(1) + ' s';
    }
    function show() {
      var n = formatCount(total) + (total === 1 ? ' result' : ' results');
      status.textContent = done ? n + ' in ' + seconds() + (failure ? ', then the answer failed.' : '.') : 'Running\u2026 ' + n + ', ' + seconds();
    }
    var ticker = setInterval(show, 200);
    stop.addEventListener('click', function () {
      controller.abort();
    });

    function header(names) {
      if (columns !== null) {
        return;
      }
      // Jena's TSV for ASK is a column of one row: ?_askResult.
      columns = names.length === 1 && names[0] === '?_askResult' ? ['ASK'] : names;
      var tr = el('tr');
      columns.forEach(function (name) {
        var th = el('th', null, name);
        th.scope = 'col';
        tr.appendChild(th);
      });
      head.appendChild(tr);
    }
    function row(terms) {
      total++;
      if (total > SHOWN) {
        return;
      }
      var tr = el('tr');
      terms.forEach(function (t) {
        tr.appendChild(cell(t, prefixes));
      });
      body.appendChild(tr);
    }
    function onLine(line) {
      if (line.indexOf('error: ') === 0) {
        failure = line.slice(7);
        return;
      }
      if (graph) {
        var parsed = [];
        var at = 0;
        for (var k = 0; k < 3; k++) {
          while (line.charAt(at) === ' ' || line.charAt(at) === '\t') {
            at++;
          }
          var t = term(line, at);
          if (!t) {
            return;
          }
          parsed.push(t[0]);
          at = t[1];
        }
        row(parsed);
      } else if (columns === null || line.charAt(0) === '?') {
        header(line.split('\t'));
      } else if (columns[0] === 'ASK') {
        row([{ type: 'answer', value: line }]);
      } else {
        row(line.split('\t').map(function (c) {
          var t = c === '' ? null : term(c, 0);
          return t ? t[0] : null;
        }));
      }
    }
    function ask() {
      var body = new URLSearchParams();
      body.set('query', query);
      // The whole answer in one response, as any SPARQL client asks; a query that outruns the
      // endpoint's limits ends in a cut connection, reported below, never in a shorter answer.
      var headers = { Accept: 'text/tab-separated-values, application/n-triples;q=0.9' };
      return fetch(form.action, { method: 'POST', body: body, headers: headers, signal: controller.signal })
        .then(function (response) {
          if (!response.ok) {
            return response.text().then(function (text) {
              failure = text.trim() || response.status + ' ' + response.statusText;
            });
          }
          graph = (response.headers.get('Content-Type') || '').indexOf('n-triples') >= 0;
          if (graph) {
            header(['subject', 'predicate', 'object']);
          }
          return lines(response, onLine, controller.signal);
        });
    }
    ask().catch(function (e) {
      if (!controller.signal.aborted) {
        failure = failure || 'The answer was cut short (' + e.message + '): what is shown is not the whole answer.';
      }
    }).then(function () {
      clearInterval(ticker);
      done = true;
      stop.remove();
      show();
      if (controller.signal.aborted) {
        status.textContent += ' Stopped: what is shown is not the whole answer.';
      }
      if (failure) {
        var error = el('p', 'error', failure);
        error.setAttribute('role', 'alert');
        answer.insertBefore(error, table);
      }
      if (total > SHOWN) {
        note.textContent = 'The first ' + formatCount(SHOWN) + ' are shown; download the answer for all of them.';
      }
      if (!failure && columns !== null) {
        answer.insertBefore(downloads(query, graph), table);
      }
      if (running === controller) {
        running = null;
      }
    });
  }

  form.addEventListener('submit', function (e) {
    e.preventDefault();
    run();
  });
  if (form.getAttribute('data-run') === 'true') {
    run();
  }
}());
