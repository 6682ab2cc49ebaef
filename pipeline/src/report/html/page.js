// dsd's HTML report: renders the findings embedded as JSON in #dsd-data. No framework and
// no network. A finding's row is built once; its details are built when it is opened.
// The filters and the sort live in the URL's hash (#level=error&kind=...), and #f-<fingerprint>
// opens one finding, so a link reproduces the view.
"use strict";
(function () {
  var started = performance.now();
  var data = JSON.parse(document.getElementById("dsd-data").textContent);
  var findings = data.findings;
  var byId = {};
  var rows = [];
  var LEVEL_ORDER = { error: 0, note: 1 };

  function esc(s) {
    return String(s == null ? "" : s)
      .replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;");
  }
  function $(id) { return document.getElementById(id); }
  function baseName(path) { return String(path).split(/[\\/]/).pop(); }
  function plural(n, noun) {
    if (n === 1) return "1 " + noun;
    if (/y$/.test(noun)) return n + " " + noun.slice(0, -1) + "ies";
    if (/(s|sh|ch)$/.test(noun)) return n + " " + noun + "es";
    return n + " " + noun + "s";
  }
  function where(file, line) { return esc(file) + (line ? ":" + line : ""); }

  // ---- Summary ----------------------------------------------------------------------

  function tally(key) {
    var t = {};
    findings.forEach(function (f) {
      var k = key(f);
      var c = t[k] || (t[k] = { name: k, error: 0, note: 0 });
      c[f.level] += 1;
    });
    return Object.keys(t).map(function (k) { return t[k]; }).sort(function (a, b) {
      return (b.error - a.error) || (b.note - a.note) || (a.name < b.name ? -1 : 1);
    });
  }

  function countTable(title, rowsOf, filter, limit) {
    var rs = rowsOf;
    var body = rs.map(function (r, i) {
      // Long qualified names break after a dot, never inside a name.
      var shown = esc(r.name).replace(/\./g, ".<wbr>");
      var name = filter
        ? '<a href="#" data-filter="' + filter + '" data-value="' + esc(r.name) + '">' + shown + "</a>"
        : shown;
      return "<tr" + (limit && i >= limit ? ' class="more"' : "") + "><td>" + name +
        '</td><td class="num">' + r.error + '</td><td class="num">' + r.note + "</td></tr>";
    }).join("");
    return '<div class="card"><h3>' + esc(title) + "</h3>" +
      '<table class="counts"><thead><tr><th></th><th class="num">errors</th><th class="num">notes</th></tr></thead><tbody>' +
      body + "</tbody></table>" +
      (limit && rs.length > limit
        ? '<button type="button" class="show-more">all ' + rs.length + "</button>" : "") +
      "</div>";
  }

  function listSection(title, items, open) {
    if (!items || !items.length) return "";
    return "<details" + (open ? " open" : "") + '><summary>' + esc(title) + " (" + items.length +
      ")</summary><ul>" + items.map(function (n) {
        return "<li><code>" + where(n.file, n.line) + "</code>: " + esc(n.text) + "</li>";
      }).join("") + "</ul></details>";
  }

  function renderSummary() {
    var s = data.summary;
    $("line").textContent = s.line;
    document.title = "dsd: " + plural(s.errors, "error") + ", " + plural(s.notes, "note");
    var t = s.tests;
    var cards = [
      ["errors", s.errors, "count-errors", "error"],
      ["notes", s.notes, "count-notes", "note"],
      ["crash sites", s.sites, "count-sites"],
      ["tests run", t.tests, "count-tests"],
      ["confirmed", t.confirmed, "count-confirmed"],
      ["refuted", t.refuted, "count-refuted"]
    ];
    if (s.baselined != null) cards.push(["baselined", s.baselined, "count-baselined"]);
    if (s.gone != null) cards.push(["gone", s.gone, "count-gone"]);
    if (s.suppressed) cards.push(["suppressed", s.suppressed, "count-suppressed"]);
    var html = '<div class="tiles">' + cards.map(function (c) {
      var inner = '<span class="big" id="' + c[2] + '">' + c[1] + "</span>" + esc(c[0]);
      return c[3]
        ? '<a class="tile ' + c[3] + '" href="#level=' + c[3] + '">' + inner + "</a>"
        : '<div class="tile">' + inner + "</div>";
    }).join("") + "</div>";
    html += '<div class="cards">' +
      countTable("By kind", tally(function (f) { return f.kind; }), "kind") +
      countTable("By package", tally(function (f) { return f.package; }), "pkg", 12) +
      countTable("By class", tally(function (f) {
        return (f.package === "(default package)" ? "" : f.package + ".") + f.class;
      }), null, 12) +
      "</div>";
    var run = "";
    if (s.settings && s.settings.length) {
      run += '<div class="card"><h3>Settings</h3><table class="kv">' + s.settings.map(function (x) {
        return "<tr><th>" + esc(x.name) + "</th><td><code>" + esc(x.value) + "</code></td></tr>";
      }).join("") + "</table></div>";
    }
    if (s.stages && s.stages.length) {
      var total = s.stages.reduce(function (a, x) { return a + x.seconds; }, 0);
      run += '<div class="card"><h3>Timings</h3><table class="kv">' + s.stages.map(function (x) {
        return "<tr><th>" + esc(x.stage) + '</th><td class="num">' + x.seconds.toFixed(1) + " s</td></tr>";
      }).join("") + '<tr><th>total</th><td class="num">' + total.toFixed(1) + " s</td></tr></table></div>";
    }
    if (run) html += '<div class="cards">' + run + "</div>";
    var missed = listSection("Files and declarations left out", data.notChecked, true) +
      listSection("Methods analysed only in part", data.partial) +
      listSection("Generated tests that did not compile", data.uncompiled) +
      listSection("Sites checked only to the unrolling bound", data.bounded) +
      listSection("Unused suppressions", data.unusedSuppressions, true);
    html += '<div class="card wide" id="not-checked"><h3>What was not checked</h3>' +
      (missed || '<p class="muted">Every crash site of every project file was checked.</p>') + "</div>";
    if (data.gone) {
      var fresh = findings.filter(function (f) { return stateOf(f) === "new"; }).length;
      html += '<div class="card wide" id="baseline"><h3>Against the baseline</h3><p>' +
        '<a href="#state=new">' + plural(fresh, "new finding") + "</a>, " +
        '<a href="#state=baselined">' + plural(s.baselined || 0, "baselined finding") + "</a>, " +
        plural(data.gone.length, "finding") + " gone.</p>" +
        listSection("Gone since the baseline", data.gone, true) + "</div>";
    }
    $("summary").innerHTML = html;
  }

  // ---- The list ---------------------------------------------------------------------

  function haystack(f) {
    return [f.headline, f.file, f.method, f.kind, f.package, f.class, f.message, f.entry,
      f.fingerprint, f.why.text, f.test.name].concat(f.inputs).join("\n").toLowerCase();
  }

  // Every row in one piece of HTML, parsed once: much faster than a row at a time.
  function rowHtml(f) {
    var state = f.baselined ? '<span class="tag">baselined</span>' :
      f.suppressed ? '<span class="tag">suppressed</span>' : "";
    return '<details class="finding ' + f.level + (f.baselined || f.suppressed ? " silenced" : "") +
      '" id="' + esc(f.id) + '"><summary>' +
      '<span class="level ' + f.level + '">' + f.level + "</span>" +
      '<span class="kind">' + esc(f.kind) + "</span>" +
      '<span class="what">' + esc(f.summary) + " in <code>" + esc(f.method) + "</code>" + state + "</span>" +
      '<span class="at">' + esc(baseName(f.file)) + ":" + f.line + "</span></summary></details>";
  }

  function buildRows() {
    var holder = document.createElement("div");
    holder.innerHTML = findings.map(rowHtml).join("");
    var els = holder.children;
    findings.forEach(function (f, i) {
      var r = { f: f, el: els[i], text: haystack(f), index: i };
      rows.push(r);
      byId[f.id] = r;
    });
    // Details are built when a row is first opened (toggle does not bubble: capture it).
    document.addEventListener("toggle", function (e) {
      var r = e.target.classList && e.target.classList.contains("finding") && byId[e.target.id];
      if (r && r.el.open) expand(r);
    }, true);
  }

  function codeBlock(block, id, mark) {
    if (block.missing) return '<p class="muted">' + esc(block.missing) + "</p>";
    return '<pre class="code"' + (id ? ' id="' + esc(id) + '"' : "") + ">" + block.lines.map(function (text, i) {
      var n = block.start + i;
      var body = esc(text);
      var cls = "l";
      if (mark && n === mark.line) {
        cls += " hit";
        var from = Math.max(0, mark.col - 1);
        var to = mark.endLine === mark.line && mark.endCol > mark.col ? mark.endCol - 1 :
          mark.endLine > mark.line ? text.length : from + 1;
        if (mark.col > 0 && from < text.length) {
          body = esc(text.slice(0, from)) + '<mark title="' + esc(mark.title) + '">' +
            esc(text.slice(from, to)) + "</mark>" + esc(text.slice(to));
        }
      }
      return '<span class="' + cls + '"><span class="n">' + n + "</span>" + body + "\n</span>";
    }).join("") + "</pre>";
  }

  function details(f) {
    var thrown = f.exception + (f.message ? ": " + f.message : "");
    var h = '<div class="body">';
    h += '<p class="headline">' + esc(f.headline) + "</p>";
    h += '<p><span class="level ' + f.level + '">' + f.level + "</span> " + esc(f.why.text) +
      ' <span class="muted">(rule <code>' + esc(f.why.rule) + "</code>)</span></p>";
    h += "<h4>Source <span class=\"muted\">" + where(f.file, f.line + ":" + f.col) + "</span></h4>";
    h += codeBlock(f.source, f.id + "-src", {
      line: f.line, col: f.col, endLine: f.endLine, endCol: f.endCol, title: thrown
    });
    h += '<p class="thrown">throws <code>' + esc(thrown) + "</code></p>";
    if (f.inputs.length) {
      h += "<h4>Inputs</h4><ul class=\"inputs\">" + f.inputs.map(function (x) {
        return "<li><code>" + esc(x) + "</code></li>";
      }).join("") + "</ul>";
    }
    h += "<h4>Reproducing test <span class=\"muted\"><code>" + esc(f.test.name) + "</code> " +
      where(f.test.file, f.test.line) + (f.tests > 1 ? ", " + f.tests + " tests in all" : "") +
      "</span></h4>";
    h += codeBlock(f.test.code, f.id + "-test");
    if (f.stack.length) {
      h += "<h4>Stack</h4><ol class=\"stack\">" + f.stack.map(function (fr, i) {
        return '<li><a href="#" data-jump="' + esc(f.id) + "-fr" + i + '">' + esc(fr.label) + "</a> " +
          '<span class="muted">' + esc(baseName(fr.file)) + ":" + fr.line + "</span></li>";
      }).reverse().join("") + "</ol>";
      h += f.stack.map(function (fr, i) {
        return '<div class="frame"><h5>' + esc(fr.label) + ' <span class="muted">' + where(fr.file, fr.line) +
          "</span></h5>" + codeBlock(fr.source, f.id + "-fr" + i, { line: fr.line, col: 0, endLine: fr.line,
            endCol: 0, title: "" }) + "</div>";
      }).join("");
    }
    if (f.also.length) {
      h += "<h4>Same cause at</h4><ul>" + f.also.map(function (a) {
        return "<li><code>" + where(a.file, a.line + ":" + a.col) + "</code> " + esc(a.kind) + " in <code>" +
          esc(a.method) + "</code></li>";
      }).join("") + "</ul>";
    }
    if (f.entry) h += '<p class="muted">The test calls <code>' + esc(f.entry) + "</code>.</p>";
    var rule = data.rules[f.kind];
    if (rule) {
      h += "<details class=\"rule\"><summary>About " + esc(f.kind) + ": " + esc(rule.summary) + "</summary>" +
        "<p>" + esc(rule.what) + "</p><p><b>Why it matters.</b> " + esc(rule.why) + "</p>" +
        '<pre class="example">' + esc(rule.example) + "</pre><p><b>How to fix it.</b> " + esc(rule.fix) +
        "</p><p><b>Level.</b> " + esc(rule.level) + "</p></details>";
    }
    if (f.suppressed) {
      h += "<p>Suppressed by <code>" + esc(f.suppressed.text) + "</code> at " +
        where(f.suppressed.file, f.suppressed.line) + ".</p>";
    } else {
      h += "<p>To silence it, end line " + f.line + " with <code class=\"copy\">" + esc(f.suppress) +
        "</code> (or add <code>@SuppressWarnings(\"dsd:" + esc(f.kind) + "\")</code> to its method).</p>";
    }
    h += '<p class="muted">Link: <a href="#' + esc(f.id) + '">#' + esc(f.id) + "</a></p>";
    return h + "</div>";
  }

  // ---- Filters, sort and the URL's hash -----------------------------------------------

  function fillSelect(id, values) {
    var sel = $(id);
    values.forEach(function (v) {
      var o = document.createElement("option");
      o.value = v.name;
      o.textContent = v.name + " (" + (v.error + v.note) + ")";
      sel.appendChild(o);
    });
  }

  function readState() {
    return {
      level: $("f-level").value, kind: $("f-kind").value, pkg: $("f-pkg").value,
      state: $("f-state").value,
      q: $("f-q").value.trim(), sort: $("f-sort").value
    };
  }

  function writeState(st) {
    $("f-level").value = st.level || "";
    $("f-kind").value = st.kind || "";
    $("f-pkg").value = st.pkg || "";
    $("f-state").value = st.state || "";
    $("f-q").value = st.q || "";
    $("f-sort").value = st.sort || "location";
  }

  var SORTS = {
    location: function (a, b) { return a.index - b.index; },
    level: function (a, b) { return (LEVEL_ORDER[a.f.level] - LEVEL_ORDER[b.f.level]) || a.index - b.index; },
    kind: function (a, b) { return a.f.kind < b.f.kind ? -1 : a.f.kind > b.f.kind ? 1 : a.index - b.index; },
    package: function (a, b) {
      return a.f.package < b.f.package ? -1 : a.f.package > b.f.package ? 1 : a.index - b.index;
    },
    method: function (a, b) { return a.f.method < b.f.method ? -1 : a.f.method > b.f.method ? 1 : a.index - b.index; }
  };

  function apply(st) {
    var t0 = performance.now();
    var words = st.q.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = rows.filter(function (r) {
      return (!st.level || r.f.level === st.level) && (!st.kind || r.f.kind === st.kind) &&
        (!st.pkg || r.f.package === st.pkg) && (!st.state || stateOf(r.f) === st.state) &&
        words.every(function (w) { return r.text.indexOf(w) >= 0; });
    });
    shown.sort(SORTS[st.sort] || SORTS.location);
    var list = $("list");
    var frag = document.createDocumentFragment();
    shown.forEach(function (r) { frag.appendChild(r.el); });
    list.replaceChildren(frag);
    if (!shown.length) {
      list.innerHTML = '<p class="muted" id="none">' + (rows.length ? "No finding matches the filters." :
        "No crash was reproduced.") + "</p>";
    }
    // A filter that leaves one finding shows it whole.
    if (shown.length === 1 && rows.length > 1) expand(shown[0]);
    $("shown").textContent = shown.length === rows.length ? "(" + rows.length + ")" :
      "(" + shown.length + " of " + rows.length + ")";
    document.body.dataset.shown = String(shown.length);
    document.body.dataset.filterMs = (performance.now() - t0).toFixed(1);
  }

  function stateOf(f) {
    return f.baselined ? "baselined" : f.suppressed ? "suppressed" : "new";
  }

  function stateHash(st) {
    var parts = [];
    ["level", "kind", "pkg", "state", "q"].forEach(function (k) {
      if (st[k]) parts.push(k + "=" + encodeURIComponent(st[k]));
    });
    if (st.sort && st.sort !== "location") parts.push("sort=" + st.sort);
    return parts.join("&");
  }

  function onFilter() {
    var st = readState();
    apply(st);
    var h = stateHash(st);
    history.replaceState(null, "", h ? "#" + h : location.pathname + location.search);
  }

  function expand(r) {
    r.el.open = true;
    if (!r.el.dataset.built) {
      r.el.insertAdjacentHTML("beforeend", details(r.f));
      r.el.dataset.built = "1";
    }
  }

  function open(id) {
    var r = byId[id];
    if (!r) return;
    if (!r.el.isConnected) { writeState({}); apply(readState()); }
    expand(r);
    rows.forEach(function (x) { x.el.classList.remove("target"); });
    r.el.classList.add("target");
    r.el.scrollIntoView({ block: "start" });
  }

  function decode(s) {
    try { return decodeURIComponent(s); } catch (e) { return s; }
  }

  function fromHash() {
    var h = decode(location.hash.slice(1));
    if (/^f-/.test(h)) {
      apply(readState());
      open(h);
      return;
    }
    var st = {};
    location.hash.slice(1).split("&").forEach(function (kv) {
      var i = kv.indexOf("=");
      if (i > 0) st[kv.slice(0, i)] = decode(kv.slice(i + 1).replace(/\+/g, " "));
    });
    writeState(st);
    apply(readState());
  }

  // ---- Start --------------------------------------------------------------------------

  renderSummary();
  buildRows();
  fillSelect("f-kind", tally(function (f) { return f.kind; }).sort(function (a, b) {
    return a.name < b.name ? -1 : 1;
  }));
  fillSelect("f-pkg", tally(function (f) { return f.package; }).sort(function (a, b) {
    return a.name < b.name ? -1 : 1;
  }));
  ["f-level", "f-kind", "f-pkg", "f-state", "f-sort"].forEach(function (id) { $(id).addEventListener("change", onFilter); });
  var typing;
  $("f-q").addEventListener("input", function () { clearTimeout(typing); typing = setTimeout(onFilter, 80); });
  $("f-clear").addEventListener("click", function () { writeState({}); onFilter(); });
  document.addEventListener("click", function (e) {
    var a = e.target.closest("a");
    if (!a) return;
    if (a.dataset.jump) {
      e.preventDefault();
      var target = $(a.dataset.jump);
      if (target) {
        target.scrollIntoView({ block: "center" });
        target.classList.add("flash");
        setTimeout(function () { target.classList.remove("flash"); }, 1200);
      }
    } else if (a.dataset.filter) {
      e.preventDefault();
      var st = readState();
      st[a.dataset.filter] = a.dataset.value;
      writeState(st);
      onFilter();
      $("findings").scrollIntoView();
    }
  });
  document.addEventListener("click", function (e) {
    if (e.target.classList.contains("show-more")) {
      e.target.parentNode.classList.add("all");
      e.target.remove();
    }
  });
  window.addEventListener("hashchange", fromHash);
  fromHash();
  document.body.dataset.ready = "1";
  // The script's own time, and the time since the page was asked for.
  document.body.dataset.renderMs = (performance.now() - started).toFixed(1);
  document.body.dataset.readyMs = performance.now().toFixed(1);
})();
