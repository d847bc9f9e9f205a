// IoT-ASE web page: request box, ranked results with live values and their age, an SVG map
// drawn from the region's bounding box (no tiles), and a node page with datasheet facts.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
let regions = [];

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function svg(tag, attrs, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function fmtAge(s) {
  if (s === undefined || s === null) return "";
  if (s < 90) return `${Math.round(s)} s old`;
  if (s < 5400) return `${Math.round(s / 60)} min old`;
  return `${Math.round(s / 3600)} h old`;
}

function project(view, lon, lat) {
  const [a, b, c, d] = view;
  // Equirectangular with the latitude's cosine, fitted into the 800x500 view.
  const k = Math.cos(((b + d) / 2) * Math.PI / 180);
  const w = (c - a) * k, h = d - b;
  const s = Math.min(780 / w, 480 / h);
  const ox = (800 - w * s) / 2, oy = (500 - h * s) / 2;
  return [ox + (lon - a) * k * s, oy + (d - lat) * s];
}

function drawMap(results, origin) {
  const m = $("map");
  m.replaceChildren();
  const region = regions[0];
  if (!region) return;
  // Zoom to the results and the origin when there are any; else show the whole region.
  let view = region.bbox;
  const pts = (results || []).filter((r) => r.location).map((r) => r.location);
  if (origin) pts.push(origin);
  if (pts.length) {
    const lons = pts.map((p) => p[0]), lats = pts.map((p) => p[1]);
    const pad = 0.01;
    view = [Math.min(...lons) - pad, Math.min(...lats) - pad, Math.max(...lons) + pad, Math.max(...lats) + pad];
  }
  const inView = (lon, lat) => lon >= view[0] && lon <= view[2] && lat >= view[1] && lat <= view[3];
  const [x0, y0] = project(view, region.bbox[0], region.bbox[3]);
  const [x1, y1] = project(view, region.bbox[2], region.bbox[1]);
  m.appendChild(svg("rect", { x: Math.max(x0, 0), y: Math.max(y0, 0), width: Math.min(x1, 800) - Math.max(x0, 0), height: Math.min(y1, 500) - Math.max(y0, 0), fill: "#f4f7f9", stroke: "#b8c4ce" }));
  for (const p of region.places) {
    if (!inView(p.lon, p.lat)) continue;
    const [x, y] = project(view, p.lon, p.lat);
    m.appendChild(svg("circle", { cx: x, cy: y, r: 2, class: "dot" }));
    m.appendChild(svg("text", { x: x + 4, y: y - 3, class: "place" }, p.name));
  }
  if (origin) {
    const [x, y] = project(view, origin[0], origin[1]);
    m.appendChild(svg("circle", { cx: x, cy: y, r: 7, class: "origin" }));
  }
  (results || []).forEach((r, i) => {
    if (!r.location) return;
    const [x, y] = project(view, r.location[0], r.location[1]);
    const pin = svg("circle", { cx: x, cy: y, r: 8, class: "pin", "data-node": r.node });
    pin.appendChild(svg("title", {}, `${i + 1}. ${r.name}`));
    pin.addEventListener("click", () => showNode(r.node));
    m.appendChild(pin);
    m.appendChild(svg("text", { x: x + 9, y: y + 4, class: "pin-label" }, String(i + 1)));
  });
}

function renderResults(data) {
  const st = $("status");
  st.textContent = `${data.status}` + (data.services.length ? ` — services: ${data.services.join(", ")}` : "");
  st.className = data.status === "ok" || data.status === "node" ? "" : "bad";
  $("answer").textContent = data.answer || "";
  const ol = $("results");
  ol.replaceChildren();
  for (const r of data.results) {
    const li = el("li", { class: "result", "data-node": r.node });
    const a = el("a", { href: `/node/${encodeURIComponent(r.node)}`, class: "name" }, r.name);
    a.addEventListener("click", (ev) => { ev.preventDefault(); showNode(r.node); });
    li.appendChild(a);
    li.appendChild(el("span", { class: "svc" }, ` ${r.service} · ${Math.round(r.distance_m)} m · ~${Math.round(r.travel_min)} min ${r.travel_mode}` + (r.total_min != null ? ` · total ~${Math.round(r.total_min)} min` : "")));
    const live = el("ul", { class: "live" });
    for (const [k, v] of Object.entries(r.live || {})) {
      const item = el("li", { class: "reading" }, `${k}: ${v} `);
      item.appendChild(el("span", { class: "age" }, fmtAge(r.ages_s[k])));
      live.appendChild(item);
    }
    li.appendChild(live);
    li.appendChild(el("div", { class: "why" }, (r.why || []).join("; ")));
    ol.appendChild(li);
  }
  drawMap(data.results, data.origin);
}

async function runSearch(q, near) {
  $("node").hidden = true;
  $("status").textContent = "searching…";
  const params = new URLSearchParams({ q });
  if (near) params.set("near", near);
  const resp = await fetch(`/v1/search?${params}`);
  const data = await resp.json();
  if (!resp.ok) {
    $("status").textContent = `error ${resp.status}: ${JSON.stringify(data.detail)}`;
    $("status").className = "bad";
    return;
  }
  renderResults(data);
}

async function showNode(id) {
  const resp = await fetch(`/v1/nodes/${encodeURIComponent(id)}`);
  const box = $("node");
  box.hidden = false;
  box.replaceChildren();
  if (!resp.ok) { box.appendChild(el("p", { class: "bad" }, `node ${id}: ${resp.status}`)); return; }
  const n = await resp.json();
  box.appendChild(el("h2", { id: "node-title" }, `${n.name} (${n.service})`));
  box.appendChild(el("p", {}, `node ${n.node} · ${n.lifecycle} · region ${n.region}`));
  const t = el("table", { class: "readings" });
  t.appendChild(el("tr")).append(el("th", {}, "reading"), el("th", {}, "value"), el("th", {}, "age"));
  for (const [k, v] of Object.entries(n.live)) {
    t.appendChild(el("tr")).append(el("td", {}, k), el("td", {}, String(v)), el("td", {}, fmtAge(n.ages_s[k])));
  }
  box.appendChild(t);
  box.appendChild(el("h3", {}, "Devices"));
  if (!n.devices.length) box.appendChild(el("p", {}, "No devices listed."));
  for (const d of n.devices) {
    box.appendChild(el("h4", { class: "device" }, d.model));
    if (!d.facts.length) { box.appendChild(el("p", {}, "No datasheet facts held for this model.")); continue; }
    const ft = el("table", { class: "facts" });
    ft.appendChild(el("tr")).append(el("th", {}, "spec"), el("th", {}, "min"), el("th", {}, "typ / value"), el("th", {}, "max"), el("th", {}, "unit"), el("th", {}, "source"));
    for (const f of d.facts.slice(0, 60)) {
      ft.appendChild(el("tr")).append(
        el("td", {}, f.spec), el("td", {}, f.min ?? ""), el("td", {}, f.typ ?? f.value ?? ""),
        el("td", {}, f.max ?? ""), el("td", {}, f.unit ?? ""),
        el("td", {}, f.citation + (f.superseded_by ? ` (superseded by ${f.superseded_by})` : "")));
    }
    box.appendChild(ft);
  }
  const attrs = el("p", { class: "attrs" }, Object.entries(n.attributes).map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`).join(" · "));
  box.appendChild(attrs);
  box.scrollIntoView();
}

async function init() {
  try { regions = await (await fetch("/v1/regions")).json(); } catch (e) { regions = []; }
  drawMap([], null);
  $("search-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const q = $("q").value.trim();
    if (!q) return;
    const near = $("near").value.trim();
    history.replaceState(null, "", `/?q=${encodeURIComponent(q)}` + (near ? `&near=${encodeURIComponent(near)}` : ""));
    runSearch(q, near);
  });
  const params = new URLSearchParams(location.search);
  const m = location.pathname.match(/^\/node\/(.+)$/);
  if (m) { showNode(decodeURIComponent(m[1])); return; }
  if (params.get("q")) {
    $("q").value = params.get("q");
    $("near").value = params.get("near") || "";
    runSearch(params.get("q"), params.get("near"));
  }
}

init();
