/* Festinger admin page: the resolution queue, the resolution job and a concept browser.
 *
 * One script for two hosts, chosen by the root element's data-api attribute:
 *   "rest"  festinger serve: POST /admin/action (token cookie set by /admin/login)
 *   "a0"    Agent Zero v1.x plugin page: POST /api/plugins/festinger/{conflicts,resolve_run}
 *           through Agent Zero's own callJsonApi (session + CSRF token)
 * Everything the server sends (concept names come from conversations and from LLMs) is put
 * into the page with textContent, never as HTML.
 */
(function () {
  "use strict";

  var POLL_IDLE_MS = 5000;
  var POLL_BUSY_MS = 700;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        if (k === "text") node.textContent = attrs[k];
        else if (k === "cls") node.className = attrs[k];
        else if (k.slice(0, 2) === "on") node.addEventListener(k.slice(2), attrs[k]);
        else node.setAttribute(k, attrs[k]);
      });
    }
    (children || []).forEach(function (c) {
      if (c === null || c === undefined) return;
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function when(iso) {
    if (!iso) return "never";
    var d = new Date(iso);
    if (isNaN(d.getTime())) return String(iso);
    return d.toLocaleString();
  }

  function relation(isIsa) { return isIsa ? "ISA" : "ISPART"; }

  // ------------------------------------------------------------------ transports
  function restCall(payload) {
    return fetch("/admin/action", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload)
    }).then(function (r) {
      return r.json().catch(function () { return { ok: false, error: r.statusText }; })
        .then(function (body) { return { status: r.status, body: body }; });
    });
  }

  var a0api = null;
  function a0Call(payload) {
    var url = payload.action === "run" ? "/api/plugins/festinger/resolve_run"
                                       : "/api/plugins/festinger/conflicts";
    var load = a0api ? Promise.resolve(a0api) : import("/js/api.js").then(function (m) {
      a0api = m; return m;
    });
    return load.then(function (api) { return api.callJsonApi(url, payload); })
      .then(function (body) { return { status: (body && body.status) || 200, body: body }; })
      .catch(function (err) {
        var body;
        try { body = JSON.parse(err.message); } catch (e) { body = { ok: false, error: String(err.message || err) }; }
        return { status: (body && body.status) || 500, body: body };
      });
  }

  // ------------------------------------------------------------------ the page
  function Admin(root) {
    this.root = root;
    this.call = root.getAttribute("data-api") === "a0" ? a0Call : restCall;
    this.busyUntilIdle = false;
    this.timer = null;
    this.build();
  }

  Admin.prototype.build = function () {
    var self = this;
    this.ids = {};
    function id(name, node) { node.id = "fa-" + name; self.ids[name] = node; return node; }

    var summary = el("section", { cls: "fa-summary" }, [
      el("div", { cls: "fa-stat" }, [el("span", { cls: "fa-label", text: "Pending conflicts" }),
        id("pending", el("span", { cls: "fa-big", text: "…" })),
        id("priority", el("span", { cls: "fa-sub" }))]),
      el("div", { cls: "fa-stat" }, [el("span", { cls: "fa-label", text: "Last run" }),
        id("last-run", el("span", { text: "…" })), id("last-run-detail", el("span", { cls: "fa-sub" }))]),
      el("div", { cls: "fa-stat" }, [el("span", { cls: "fa-label", text: "Next run" }),
        id("next-run", el("span", { text: "…" })), id("schedule", el("span", { cls: "fa-sub" }))]),
      el("div", { cls: "fa-stat" }, [el("span", { cls: "fa-label", text: "Models" }),
        id("models", el("span", { cls: "fa-sub" }))]),
      el("div", { cls: "fa-stat fa-actions" }, [
        id("run", el("button", { type: "button", cls: "fa-primary", text: "Run resolution now",
                                 onclick: function () { self.runNow(); } })),
        id("run-state", el("span", { cls: "fa-sub", "aria-live": "polite" }))])
    ]);

    this.root.textContent = "";
    this.root.appendChild(el("h2", { text: "Festinger — concept graph" }));
    this.root.appendChild(id("message", el("div", { cls: "fa-message", role: "status" })));
    this.root.appendChild(id("login", el("form", { cls: "fa-login", method: "post", action: "/admin/login", hidden: "" }, [
      el("label", { "for": "fa-token", text: "Token (printed by festinger serve, or FESTINGER_HOME/serve.token): " }),
      el("input", { id: "fa-token", name: "token", type: "password", autocomplete: "off" }),
      el("button", { type: "submit", text: "Sign in" })])));
    this.root.appendChild(summary);

    this.root.appendChild(el("h3", { text: "Pending conflicts" }));
    this.root.appendChild(el("p", { cls: "fa-hint", text: "iknowthat (gutask) conflicts first. Overrides apply at once, in one transaction." }));
    this.root.appendChild(id("pending-table", this.table(["#", "Concept", "Dimension", "Has", "Rejected", "Collision", "Source", "Queued", "Note", ""])));
    this.root.appendChild(el("h3", { text: "Recently resolved or dismissed" }));
    this.root.appendChild(id("recent-table", this.table(["#", "Concept", "Dimension", "Was", "Incoming", "Outcome", "By", "When", "Reasoning"])));

    this.root.appendChild(el("h3", { text: "Concept browser" }));
    var input = id("concept-name", el("input", { type: "text", placeholder: "a concept, e.g. gnommoweb", maxlength: "200" }));
    this.root.appendChild(id("concept-form", el("form", { cls: "fa-concept-form", onsubmit: function (ev) {
      ev.preventDefault(); self.showConcept(input.value);
    } }, [input, el("button", { type: "submit", text: "Show" })])));
    this.root.appendChild(id("concept-view", el("div", { cls: "fa-concept" })));
  };

  Admin.prototype.table = function (heads) {
    return el("table", { cls: "fa-table" }, [
      el("thead", null, [el("tr", null, heads.map(function (h) { return el("th", { text: h }); }))]),
      el("tbody")]);
  };

  Admin.prototype.say = function (text, kind) {
    var m = this.ids.message;
    m.textContent = text || "";
    m.className = "fa-message" + (kind ? " fa-" + kind : "");
  };

  Admin.prototype.request = function (payload) {
    var self = this;
    return this.call(payload).then(function (res) {
      if (res.status === 401) {
        self.ids.login.hidden = false;
        self.say("Sign in with the token of festinger serve.", "error");
        throw new Error("unauthorised");
      }
      return res;
    });
  };

  Admin.prototype.start = function () {
    this.refresh();
  };

  Admin.prototype.schedule = function () {
    var self = this;
    clearTimeout(this.timer);
    if (!this.root.isConnected) return;  // the Agent Zero modal was closed
    this.timer = setTimeout(function () { self.refresh(); },
                            this.busyUntilIdle ? POLL_BUSY_MS : POLL_IDLE_MS);
  };

  Admin.prototype.refresh = function () {
    var self = this;
    return Promise.all([this.request({ action: "status" }), this.request({ action: "list" })])
      .then(function (r) {
        var status = r[0].body, list = r[1].body;
        if (!status || status.ok === false) { self.say((status && status.error) || "status unavailable", "error"); return; }
        self.ids.login.hidden = true;
        self.renderStatus(status);
        if (list && list.ok !== false) self.renderLists(list);
        if (self.busyUntilIdle && !status.running && self.runSeen) {
          self.busyUntilIdle = false;
          var lr = status.last_run || {};
          self.ids["run-state"].textContent = "Done: " + (lr.processed || 0) + " applied, " +
            (lr.failed || 0) + " failed" + (lr.note ? " (" + lr.note + ")" : "");
          self.ids.run.disabled = false;
        }
        if (status.running) self.runSeen = true;
      })
      .catch(function (err) { if (String(err.message) !== "unauthorised") self.say(String(err), "error"); })
      .then(function () { self.schedule(); });
  };

  Admin.prototype.renderStatus = function (s) {
    this.ids.pending.textContent = String(s.pending);
    this.ids.priority.textContent = s.pending_priority ? s.pending_priority + " from iknowthat" : "";
    var lr = s.last_run;
    this.ids["last-run"].textContent = lr ? when(lr.started_at) : "never";
    this.ids["last-run-detail"].textContent = lr ? (lr.trigger + ": " + lr.processed + " applied, " + lr.failed + " failed") : "";
    this.ids["next-run"].textContent = when(s.next_run);
    this.ids.schedule.textContent = "cron " + s.schedule + (s.schedule_error ? " (" + s.schedule_error + ")" : "");
    var models = [];
    Object.keys(s.models || {}).forEach(function (p) {
      var m = s.models[p];
      models.push(p + ": " + (m.model_name ? m.provider + " " + m.model_name : m.provider));
    });
    this.ids.models.textContent = models.join(" · ");
    if (s.running) {
      this.ids.run.disabled = true;
      this.ids["run-state"].textContent = "Running…";
    } else if (!this.busyUntilIdle) {
      this.ids.run.disabled = false;
    }
    this.root.setAttribute("data-pending", String(s.pending));
    this.root.setAttribute("data-running", s.running ? "1" : "0");
  };

  Admin.prototype.conceptLink = function (name) {
    var self = this;
    return el("a", { href: "#", cls: "fa-concept-link", text: name, onclick: function (ev) {
      ev.preventDefault(); self.ids["concept-name"].value = name; self.showConcept(name);
    } });
  };

  Admin.prototype.renderLists = function (list) {
    var self = this;
    var body = this.ids["pending-table"].tBodies[0];
    body.textContent = "";
    (list.pending || []).forEach(function (c) {
      var has = c.current_parent || c.existing_parent || "—";
      var row = el("tr", { "data-id": String(c.id), cls: c.priority ? "fa-priority" : "" }, [
        el("td", { text: String(c.id) }), el("td", null, [self.conceptLink(c.concept)]),
        el("td", { text: c.dimension }),
        el("td", { text: has }),
        el("td", { text: relation(c.incoming_is_isa) + " " + c.incoming_parent }),
        el("td", { text: c.collision_type }),
        el("td", { text: c.incoming_source + (c.priority ? " ★" : "") }),
        el("td", { text: when(c.created_at) }),
        el("td", { cls: "fa-note", text: c.error ? c.error + " (tries: " + c.attempts + ")" : "" }),
        el("td", { cls: "fa-buttons" }, self.overrideButtons(c))]);
      body.appendChild(row);
    });
    if (!body.children.length) body.appendChild(el("tr", { cls: "fa-empty" }, [el("td", { colspan: "10", text: "No pending conflicts." })]));

    var rbody = this.ids["recent-table"].tBodies[0];
    rbody.textContent = "";
    (list.recent || []).forEach(function (c) {
      var r = c.resolution || {};
      rbody.appendChild(el("tr", { "data-id": String(c.id) }, [
        el("td", { text: String(c.id) }), el("td", null, [self.conceptLink(c.concept)]),
        el("td", { text: c.dimension }), el("td", { text: c.existing_parent || "—" }),
        el("td", { text: c.incoming_parent }),
        el("td", { cls: "fa-outcome", text: c.status + (r.decision ? " (" + r.decision + ")" : "") }),
        el("td", { text: r.by || "" }), el("td", { text: when(c.resolved_at) }),
        el("td", { cls: "fa-sub", text: r.reasoning || "" })]));
    });
    if (!rbody.children.length) rbody.appendChild(el("tr", { cls: "fa-empty" }, [el("td", { colspan: "9", text: "Nothing resolved recently." })]));
  };

  Admin.prototype.overrideButtons = function (c) {
    var self = this;
    function act(label, cls, payload, ask) {
      return el("button", { type: "button", cls: cls, text: label, title: label, onclick: function (ev) {
        var extra = ask ? ask() : {};
        if (extra === null) return;
        ev.target.disabled = true;
        self.override(c.id, Object.assign({}, payload, extra));
      } });
    }
    return [
      act("Dismiss", "fa-dismiss", { action: "dismiss" }),
      act("Accept new", "fa-update", { action: "resolve", decision: "update" }),
      act("Decompose…", "fa-decompose", { action: "resolve", decision: "decompose" }, function () {
        var a = window.prompt("Dimension for the existing fact (" + (c.current_parent || c.existing_parent) + ")", c.dimension);
        if (!a) return null;
        var b = window.prompt("Dimension for the new fact (" + c.incoming_parent + ")", "");
        if (!b) return null;
        return { existing_dimension: a, new_dimension: b };
      }),
      act("Reclassify…", "fa-reclassify", { action: "resolve", decision: "reclassify" }, function () {
        var d = window.prompt("Dimension the new fact belongs in", "");
        return d ? { dimension: d } : null;
      })
    ];
  };

  Admin.prototype.override = function (id, payload) {
    var self = this;
    payload.id = id;
    return this.request(payload).then(function (res) {
      if (res.body && res.body.ok) {
        var o = res.body.outcome || {};
        self.say("Conflict #" + id + " " + o.status + ": " + (o.detail || ""), "ok");
      } else {
        self.say("Conflict #" + id + ": " + ((res.body && res.body.error) || "failed"), "error");
      }
      return self.refresh();
    }).catch(function () {});
  };

  Admin.prototype.runNow = function () {
    var self = this;
    this.ids.run.disabled = true;
    this.ids["run-state"].textContent = "Starting…";
    this.runSeen = false;
    return this.request({ action: "run" }).then(function (res) {
      if (res.body && res.body.ok) {
        self.busyUntilIdle = true;
        self.ids["run-state"].textContent = "Running…";
      } else {
        self.ids.run.disabled = false;
        self.ids["run-state"].textContent = (res.body && res.body.error) || "could not start";
      }
      return self.refresh();
    }).catch(function () { self.ids.run.disabled = false; });
  };

  Admin.prototype.showConcept = function (name) {
    var self = this, view = this.ids["concept-view"];
    name = (name || "").trim();
    if (!name) return;
    view.textContent = "…";
    return this.request({ action: "concept", name: name }).then(function (res) {
      view.textContent = "";
      var b = res.body || {};
      if (!b.ok) { view.appendChild(el("p", { cls: "fa-error", text: b.error || "not found" })); return; }
      var c = b.concept;
      view.appendChild(el("h4", { text: c.token + (b.is_dimension ? " (a dimension)" : "") }));
      view.appendChild(el("p", { cls: "fa-sub", text: "seen " + c.encounter_count + " times, saliency " +
        Number(c.saliency).toFixed(2) + ", novelty " + Number(c.novelty).toFixed(2) }));
      var edges = (b.edges || []).filter(function (e) { return !e.is_root; });
      var t = self.table(["Dimension", "Parent", "Relation", "Confidence", "Source", "Confirmed"]);
      t.id = "fa-concept-edges";
      edges.forEach(function (e) {
        t.tBodies[0].appendChild(el("tr", { cls: e.contested ? "fa-contested" : "" }, [
          el("td", { text: e.dimension + (e.contested ? "?" : "") }), el("td", null, [self.conceptLink(e.parent)]),
          el("td", { text: relation(e.is_isa) }), el("td", { text: Number(e.confidence).toFixed(2) }),
          el("td", { text: e.source }), el("td", { text: when(e.last_confirmed) })]));
      });
      if (!edges.length) t.tBodies[0].appendChild(el("tr", { cls: "fa-empty" }, [el("td", { colspan: "6", text: "No edges." })]));
      view.appendChild(t);
      if ((b.conflicts || []).length) {
        view.appendChild(el("h4", { text: "Pending conflicts" }));
        var ul = el("ul", { id: "fa-concept-conflicts" });
        b.conflicts.forEach(function (q) {
          ul.appendChild(el("li", { text: "#" + q.id + " [" + q.dimension + "] has " + (q.current_parent || q.existing_parent) +
            ", rejected " + relation(q.incoming_is_isa) + " " + q.incoming_parent + " (" + q.collision_type + ")" }));
        });
        view.appendChild(ul);
      }
      if ((b.inside || []).length) {
        view.appendChild(el("h4", { text: "Inside " + c.token }));
        view.appendChild(el("p", null, b.inside.map(function (x, i) {
          return el("span", null, [i ? ", " : "", self.conceptLink(x.concept), " [" + x.dimension + "]"]);
        })));
      }
    }).catch(function () {});
  };

  function bootAll() {
    var booted = 0;
    var nodes = document.querySelectorAll("[data-festinger-admin]");
    Array.prototype.forEach.call(nodes, function (root) {
      if (root.getAttribute("data-booted")) return;
      root.setAttribute("data-booted", "1");
      new Admin(root).start();
      booted++;
    });
    return booted;
  }

  // Agent Zero's component loader runs this script BEFORE it inserts the page's markup, so
  // when no root is there yet, wait (briefly) for it to appear.
  function bootWhenPresent() {
    if (bootAll() || !window.MutationObserver) return;
    var obs = new MutationObserver(function () { if (bootAll()) obs.disconnect(); });
    obs.observe(document.documentElement, { childList: true, subtree: true });
    setTimeout(function () { obs.disconnect(); }, 30000);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", bootWhenPresent);
  else bootWhenPresent();
})();
