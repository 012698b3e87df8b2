// puzzlepress studio: the form and the YAML view kept in step, a debounced live preview, the
// readout, Build and Save. Plain JavaScript for current Chromium and Firefox; no libraries.
// The YAML text is the one source of truth: the form edits lines of it (the keys it knows), and
// an edit of the text refills the form. The server reads the text exactly as `puzzlepress build`
// reads the file, so every error shown is the command line's.
'use strict';

const $ = (id) => document.getElementById(id);
const DEBOUNCE_MS = 300;
// The spec's top-level keys in the order the README's table (and `puzzlepress schema`) lists them.
const KEY_ORDER = ['title', 'subtitle', 'author', 'publisher', 'year', 'isbn', 'trim', 'bleed', 'paper', 'layout',
  'audience', 'seed', 'symmetry', 'catalogue', 'series', 'volume', 'unique_by', 'grading', 'allow_trial',
  'credit_line', 'hints', 'grid_labels', 'glossary', 'puzzles', 'solutions', 'front_matter', 'killer_table', 'fonts',
  'cover',
  'language', 'text'];
const GRADES = ['easy', 'medium', 'hard', 'extreme', 'evil'];
const SIZES = ['4x4', '6x6', '8x8', '9x9', '12x12', '16x16'];
// puzzles[].kind; x and jigsaw take 6x6, 8x8 and 9x9, hyper 9x9 only, killer 6x6 and 9x9 digits (the build
// says so otherwise).
const KINDS = ['classic', 'x', 'hyper', 'jigsaw', 'killer'];
const SKINS = ['digits', 'letters', 'shapes'];
const FRONT_MATTER = ['title', 'copyright', 'how_to_play'];
const DEFAULT_COVER = ['cover:', '  printer: kdp', '  background: "#1d3557"', '  text_color: "#ffffff"'];

const state = {
  session: (window.crypto && crypto.randomUUID) ? crypto.randomUUID() : String(Math.random()).slice(2),
  seq: 0,                 // newest request number
  shownSeq: 0,            // request whose answer is on screen
  page: 1,
  cover: false,
  guides: true,           // the cover's guides drawn over its preview
  facts: null,
  savedText: null,
  lastCover: null,        // the cover block, kept while the cover is switched off
  timer: 0,
  controller: null,
  imageUrl: null,
  specPath: '',
};

// --- YAML lines -------------------------------------------------------------------------

function lines() { return $('yaml').value.split('\n'); }

// [start, end) of a top-level key's lines (its value and block below it), or null.
function keyRange(ls, key) {
  const re = new RegExp('^' + key + '\\s*:(\\s|$)');
  const start = ls.findIndex((l) => re.test(l));
  if (start < 0) return null;
  let end = start + 1;
  while (end < ls.length && (ls[end] === '' || /^[\s#-]/.test(ls[end]))) end++;
  while (end > start + 1 && /^\s*(#.*)?$/.test(ls[end - 1])) end--;  // leave trailing blanks and comments
  return { start, end };
}

// A scalar's text without its comment and quotes.
function unquote(raw) {
  raw = raw.trim();
  if (raw.startsWith('"')) {
    const m = raw.match(/^"((?:[^"\\]|\\.)*)"/);
    if (m) { try { return JSON.parse('"' + m[1] + '"'); } catch (e) { return m[1]; } }
  }
  if (raw.startsWith("'")) {
    const m = raw.match(/^'((?:[^']|'')*)'/);
    if (m) return m[1].replace(/''/g, "'");
  }
  const hash = raw.search(/\s#/);
  return (hash >= 0 ? raw.slice(0, hash) : raw).trim();
}

// Text as a YAML scalar: plain when that reads back the same, else double-quoted.
function quote(text) {
  if (/^[A-Za-z0-9][^:#"'[\]{},&*!|>%@`]*$/.test(text) && !/\s$/.test(text) &&
      !/^(true|false|yes|no|null|on|off|~)$/i.test(text) && !/^[-+.\d]/.test(text)) return text;
  return JSON.stringify(text);
}

function scalar(ls, key) {
  const r = keyRange(ls, key);
  if (!r) return null;
  return unquote(ls[r.start].slice(ls[r.start].indexOf(':') + 1));
}

// Replaces a top-level key's lines with `replacement` (lines), or inserts them where the key
// belongs in the usual order; null removes the key.
function setKey(key, replacement) {
  const ls = lines();
  const r = keyRange(ls, key);
  if (r) {
    ls.splice(r.start, r.end - r.start, ...(replacement || []));
  } else if (replacement) {
    const later = KEY_ORDER.slice(KEY_ORDER.indexOf(key) + 1);
    let at = ls.length;
    for (const k of later) { const kr = keyRange(ls, k); if (kr) { at = Math.min(at, kr.start); } }
    if (at === ls.length && ls.length && ls[ls.length - 1] === '') at = ls.length - 1;
    ls.splice(at, 0, ...replacement);
  }
  writeYaml(ls.join('\n'));
}

function setScalar(key, value) { setKey(key, [key + ': ' + value]); }

// "{ grade: easy, count: 40 }" or "grade: easy" lines -> ordered [key, value] pairs; null when
// the text is more than flat pairs.
function flowPairs(text) {
  const inner = text.trim().replace(/^\{/, '').replace(/\}\s*(#.*)?$/, '');
  const pairs = [];
  for (const part of inner.split(',')) {
    if (!part.trim()) continue;
    const colon = part.indexOf(':');
    if (colon < 0) return null;
    pairs.push([part.slice(0, colon).trim(), unquote(part.slice(colon + 1))]);
  }
  return pairs;
}

// The puzzles list as [{grade, count, size, kind, extra: [[k, v]...]}], or null when it is written in
// a shape the form does not edit (then the YAML view is the place to change it).
function readSections(ls) {
  const r = keyRange(ls, 'puzzles');
  if (!r || ls[r.start].replace(/^puzzles\s*:/, '').trim().replace(/#.*/, '') !== '') return null;
  const sections = [];
  let current = null;
  for (let i = r.start + 1; i < r.end; i++) {
    const l = ls[i];
    if (/^\s*(#.*)?$/.test(l)) continue;
    const item = l.match(/^(\s*)-\s*(.*)$/);
    let pairs;
    if (item) {
      const body = item[2];
      pairs = body.trim().startsWith('{') ? flowPairs(body) : flowPairs(body.replace(/#.*/, ''));
      if (!pairs) return null;
      current = { pairs };
      sections.push(current);
    } else if (current && /^\s+\w+\s*:/.test(l)) {
      pairs = flowPairs(l.replace(/#.*/, ''));
      if (!pairs) return null;
      current.pairs.push(...pairs);
    } else {
      return null;
    }
  }
  return sections.map((s) => {
    const get = (k) => { const p = s.pairs.find((q) => q[0] === k); return p ? p[1] : ''; };
    return { grade: get('grade'), count: get('count'), size: get('size'), kind: get('kind'), skin: get('skin'),
      letters: get('letters'), tint: get('tint'),
      extra: s.pairs.filter((p) => !['grade', 'count', 'size', 'kind', 'skin', 'letters', 'tint'].includes(p[0])) };
  });
}

function writeSections(sections) {
  const out = ['puzzles:'];
  for (const s of sections) {
    const pairs = [['grade', s.grade], ['count', s.count]];
    if (s.size) pairs.push(['size', s.size]);
    if (s.skin && s.skin !== 'digits') pairs.push(['skin', s.skin]);
    if (s.letters) pairs.push(['letters', quote(s.letters)]);
    if (s.kind && s.kind !== 'classic') pairs.push(['kind', s.kind]);
    if (s.tint) pairs.push(['tint', s.tint]);
    pairs.push(...s.extra);
    out.push('  - { ' + pairs.map(([k, v]) => k + ': ' + (v === '' ? '""' : v)).join(', ') + ' }');
  }
  setKey('puzzles', out);
}

function readFrontMatter(ls) {
  const r = keyRange(ls, 'front_matter');
  if (!r) return FRONT_MATTER.slice();  // the default: all of them
  const value = ls[r.start].replace(/^front_matter\s*:/, '').replace(/#.*/, '').trim();
  if (value.startsWith('[')) return value.replace(/[[\]]/g, '').split(',').map((s) => unquote(s)).filter(Boolean);
  const items = [];
  for (let i = r.start + 1; i < r.end; i++) {
    const m = ls[i].match(/^\s*-\s*(.+)$/);
    if (m) items.push(unquote(m[1]));
  }
  return items;
}

// The cover mapping as entries [{key, value, lines}] (lines: its text as written), or null
// when there is no cover; {flow: true} when written on one line.
function readCover(ls) {
  const r = keyRange(ls, 'cover');
  if (!r) return null;
  const rest = ls[r.start].replace(/^cover\s*:/, '').trim();
  if (rest.startsWith('{')) {
    const pairs = flowPairs(rest) || [];
    return { flow: true, entries: pairs.map(([key, value]) => ({ key, value, lines: null })) };
  }
  const entries = [];
  for (let i = r.start + 1; i < r.end; i++) {
    const m = ls[i].match(/^(\s+)([A-Za-z_]+)\s*:(.*)$/);
    if (!m) { if (entries.length) entries[entries.length - 1].lines.push(ls[i]); continue; }
    if (entries.length && m[1].length > entries[0].indent) { entries[entries.length - 1].lines.push(ls[i]); continue; }
    entries.push({ key: m[2], indent: m[1].length, raw: m[3], lines: [ls[i]] });
  }
  for (const e of entries) {
    const head = e.raw.trim();
    if (/^[|>][-+]?\s*(#.*)?$/.test(head)) {
      const body = e.lines.slice(1);
      const indent = Math.min(...body.filter((l) => l.trim()).map((l) => l.match(/^\s*/)[0].length), 999);
      const text = body.map((l) => l.slice(Math.min(indent, l.length))).join('\n').replace(/\n+$/, '');
      e.value = head.startsWith('>') ? text.replace(/([^\n])\n(?=[^\n])/g, '$1 ') : text;
    } else {
      e.value = unquote(head);
    }
  }
  return { flow: false, entries };
}

function coverValue(cover, key) {
  const e = cover && cover.entries.find((x) => x.key === key);
  return e ? e.value : null;
}

function setCoverEntry(key, value) {
  const ls = lines();
  const cover = readCover(ls);
  if (!cover) return;
  let entryLines;
  if (value === null) {
    entryLines = null;
  } else if (key === 'back_text' && value !== '') {
    entryLines = ['  back_text: |', ...value.split('\n').map((l) => (l ? '    ' + l : ''))];
  } else {
    entryLines = ['  ' + key + ': ' + (COVER_RAW.has(key) ? value : quote(value))];
  }
  const out = ['cover:'];
  let done = false;
  for (const e of cover.entries) {
    const own = e.lines || ['  ' + e.key + ': ' + (e.key === 'back_text' ? quote(e.value) : e.value)];
    if (e.key === key) { if (entryLines) out.push(...entryLines); done = true; } else { out.push(...own); }
  }
  if (!done && entryLines) out.push(...entryLines);
  setKey('cover', out);
}

// A top-level mapping's flat entries, written { k: v, ... } or as indented lines: {key: value}.
function readMapping(ls, key) {
  const r = keyRange(ls, key);
  const out = {};
  if (!r) return out;
  const rest = ls[r.start].slice(ls[r.start].indexOf(':') + 1);
  const text = rest.trim().startsWith('{') ? rest : ls.slice(r.start + 1, r.end).map((l) => l.replace(/#.*/, '')).join(',');
  for (const [k, v] of flowPairs(text) || []) out[k] = v;
  return out;
}

function writeSolutions() {
  const now = readMapping(lines(), 'solutions');
  const perPage = $('f-per-page').value.trim();
  if (perPage) now.per_page = perPage; else delete now.per_page;
  if ($('f-cross-refs').checked) delete now.cross_references; else now.cross_references = 'false';
  const pairs = Object.entries(now);
  setKey('solutions', pairs.length ? ['solutions: { ' + pairs.map(([k, v]) => k + ': ' + v).join(', ') + ' }'] : null);
}

// cover.badges as 'auto' or a list of texts ([] when absent).
function coverBadges(cover) {
  const e = cover && cover.entries.find((x) => x.key === 'badges');
  if (!e) return [];
  const head = e.lines ? e.raw.replace(/#.*/, '').trim() : e.value;
  if (/^auto$/i.test(unquote(head))) return 'auto';
  if (head.startsWith('[')) {
    return head.replace(/^\[|\]$/g, '').split(',').map((t) => unquote(t)).filter(Boolean);
  }
  return (e.lines || []).slice(1).map((l) => l.match(/^\s*-\s*(.*)$/)).filter(Boolean).map((m) => unquote(m[1]));
}

function writeBadges() {
  if ($('f-badges-auto').checked) return setCoverEntry('badges', 'auto');
  const items = $('f-badges').value.split(',').map((t) => t.trim()).filter(Boolean);
  setCoverEntry('badges', items.length ? '[' + items.map(quote).join(', ') + ']' : null);
}

// --- The form ---------------------------------------------------------------------------

const SCALARS = { 'f-title': 'title', 'f-subtitle': 'subtitle', 'f-author': 'author', 'f-year': 'year',
  'f-publisher': 'publisher', 'f-isbn': 'isbn', 'f-series': 'series', 'f-volume': 'volume',
  'f-trim': 'trim', 'f-seed': 'seed', 'f-layout': 'layout', 'f-paper': 'paper', 'f-grading': 'grading',
  'f-symmetry': 'symmetry', 'f-grid-labels': 'grid_labels', 'f-language': 'language', 'f-audience': 'audience' };
// Written as typed: errors are the CLI's.
const RAW = new Set(['trim', 'seed', 'layout', 'paper', 'grading', 'year', 'volume', 'symmetry', 'grid_labels',
  'language', 'audience']);
// Optional keys an empty field (or the select's default) leaves out.
const OPTIONAL = new Set(['subtitle', 'year', 'audience', 'publisher', 'isbn', 'series', 'volume', 'grid_labels']);
// Select fields whose key may be absent: what the spec means then.
const SELECT_DEFAULTS = { layout: 'two-up', paper: 'white', grading: 'techniques', symmetry: 'rotational',
  grid_labels: '', language: 'en', audience: '' };
// Checkbox fields, true or false in the YAML; absent means false.
const BOOLEANS = { 'f-bleed': 'bleed', 'f-hints': 'hints', 'f-glossary': 'glossary' };
// Checkbox fields whose false is the default: unchecking removes the key.
const FLAGS = { 'f-killer-table': 'killer_table', 'f-allow-trial': 'allow_trial', 'f-credit-line': 'credit_line' };
// Cover selects and fields whose value (or emptiness) is the default: choosing it removes the entry.
const COVER_FIELDS = { 'f-cover-paper': ['paper', ''], 'f-front-grid': ['front_grid', ''],
  'f-spine-text': ['spine_text', 'auto'], 'f-barcode': ['barcode', 'keep_clear'], 'f-spine-in': ['spine_in', ''],
  'f-front-image': ['front_image', ''], 'f-barcode-image': ['barcode_image', ''] };
// Cover values written as typed (the rest quoted when YAML needs it).
const COVER_RAW = new Set(['printer', 'design', 'paper', 'front_grid', 'spine_text', 'barcode', 'spine_in', 'badges']);

function focused(el) { return document.activeElement === el || (el && el.contains(document.activeElement)); }

function setIfIdle(el, value) { if (!focused(el) && el.value !== value) el.value = value; }

function fillForm() {
  const ls = lines();
  for (const [id, key] of Object.entries(SCALARS)) {
    const v = scalar(ls, key);
    const el = $(id);
    if (el.tagName === 'SELECT') {
      const fallback = SELECT_DEFAULTS[key];
      const want = v === null || v === '' ? fallback : v;
      if (![...el.options].some((o) => o.value === want)) el.add(new Option(want, want));
      setIfIdle(el, want);
    } else {
      setIfIdle(el, v === null ? '' : v);
    }
  }
  for (const [id, key] of Object.entries(BOOLEANS)) $(id).checked = /^true$/i.test(scalar(ls, key) || '');
  for (const [id, key] of Object.entries(FLAGS)) $(id).checked = /^true$/i.test(scalar(ls, key) || '');
  const solutions = readMapping(ls, 'solutions');
  setIfIdle($('f-per-page'), solutions.per_page || '');
  $('f-cross-refs').checked = !/^false$/i.test(solutions.cross_references || '');
  const fm = readFrontMatter(ls);
  for (const box of document.querySelectorAll('input[name="fm"]')) box.checked = fm.includes(box.value);

  const sections = readSections(ls);
  const table = $('sections');
  if (!focused(table)) renderSections(sections);

  const cover = readCover(ls);
  $('f-cover').checked = !!cover;
  $('cover-fields').hidden = !cover;
  if (cover) {
    $('f-printer').value = coverValue(cover, 'printer') || 'kdp';
    $('f-design').value = (coverValue(cover, 'design') || 'card').toLowerCase();
    const colour = (v, d) => (/^#[0-9a-f]{6}$/i.test(v || '') ? v.toLowerCase() : d);
    $('f-background').value = colour(coverValue(cover, 'background'), '#1d3557');
    $('f-text-color').value = colour(coverValue(cover, 'text_color'), '#ffffff');
    setIfIdle($('f-blurb'), coverValue(cover, 'back_text') || '');
    for (const [id, [key, fallback]] of Object.entries(COVER_FIELDS)) {
      const el = $(id);
      const v = coverValue(cover, key);
      const want = v === null || v === '' ? fallback : v.toLowerCase && el.tagName === 'SELECT' ? v.toLowerCase() : v;
      if (el.tagName === 'SELECT' && ![...el.options].some((o) => o.value === want)) el.add(new Option(want, want));
      setIfIdle(el, want);
    }
    const badges = coverBadges(cover);
    $('f-badges-auto').checked = badges === 'auto';
    $('f-badges').disabled = badges === 'auto';
    setIfIdle($('f-badges'), badges === 'auto' ? '' : badges.join(', '));
  }
}

function renderSections(sections) {
  const body = $('sections').tBodies[0];
  body.textContent = '';
  const editable = sections !== null;
  $('add-section').disabled = !editable;
  if (!editable) {
    const row = body.insertRow();
    const cell = row.insertCell();
    cell.colSpan = 6;
    cell.className = 'sheet-note';
    cell.textContent = 'This list is written in a form the table does not edit: change it in the YAML below.';
    return;
  }
  sections.forEach((s, index) => {
    const row = body.insertRow();
    row.dataset.index = index;
    const grade = document.createElement('select');
    for (const g of GRADES.concat(GRADES.includes(s.grade) ? [] : [s.grade])) grade.add(new Option(g, g));
    grade.value = s.grade;
    grade.setAttribute('aria-label', 'Grade of section ' + (index + 1));
    const count = document.createElement('input');
    count.inputMode = 'numeric';
    count.value = s.count;
    count.setAttribute('aria-label', 'Puzzles in section ' + (index + 1));
    const size = document.createElement('select');
    for (const z of SIZES.concat(!s.size || SIZES.includes(s.size) ? [] : [s.size])) size.add(new Option(z, z));
    size.value = s.size || '9x9';
    size.setAttribute('aria-label', 'Grid size of section ' + (index + 1));
    const kind = document.createElement('select');
    for (const k of KINDS.concat(!s.kind || KINDS.includes(s.kind) ? [] : [s.kind])) kind.add(new Option(k, k));
    kind.value = s.kind || 'classic';
    kind.setAttribute('aria-label', 'Kind of section ' + (index + 1));
    // A letters word (letters:) implies the letters skin: the select shows it.
    const implied = s.skin || (s.letters ? 'letters' : 'digits');
    const skin = document.createElement('select');
    for (const k of SKINS.concat(SKINS.includes(implied) ? [] : [implied])) skin.add(new Option(k, k));
    skin.value = implied;
    skin.setAttribute('aria-label', 'Skin of section ' + (index + 1));
    // The letters word under the skin (letters only), the tint box under the kind (jigsaw only).
    const letters = document.createElement('input');
    letters.value = s.letters;
    letters.placeholder = 'word';
    letters.spellcheck = false;
    letters.className = 'sub';
    letters.hidden = implied !== 'letters';
    letters.setAttribute('aria-label', 'Letters word of section ' + (index + 1));
    const tintLabel = document.createElement('label');
    tintLabel.className = 'sub';
    const tint = document.createElement('input');
    tint.type = 'checkbox';
    tint.checked = /^true$/i.test(s.tint);
    tintLabel.append(tint, ' tint');
    tintLabel.hidden = (s.kind || 'classic') !== 'jigsaw';
    tint.setAttribute('aria-label', 'Tint the regions of section ' + (index + 1));
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.textContent = '×';
    remove.title = 'Remove this section';
    remove.disabled = sections.length === 1;
    row.insertCell().append(grade);
    row.insertCell().append(count);
    row.insertCell().append(size);
    row.insertCell().append(skin, letters);
    row.insertCell().append(kind, tintLabel);
    row.insertCell().append(remove);
    const update = () => {
      const now = readSections(lines());
      if (!now || !now[index]) return;
      now[index].grade = grade.value;
      now[index].count = count.value.trim();
      now[index].size = size.value === '9x9' && !now[index].size ? '' : size.value;
      now[index].kind = kind.value;
      // tint is a jigsaw's and letters the letters skin's: another kind or skin would be refused with them
      now[index].tint = kind.value === 'jigsaw' && tint.checked ? 'true' : '';
      now[index].letters = skin.value === 'letters' ? letters.value.trim() : '';
      // digits is the default: written only when another skin was, or a letters word implies letters
      now[index].skin = skin.value === 'digits' && !now[index].skin ? '' : skin.value;
      letters.hidden = skin.value !== 'letters';
      tintLabel.hidden = kind.value !== 'jigsaw';
      writeSections(now);
    };
    grade.addEventListener('change', update);
    size.addEventListener('change', update);
    kind.addEventListener('change', update);
    skin.addEventListener('change', update);
    count.addEventListener('input', update);
    letters.addEventListener('input', update);
    tint.addEventListener('change', update);
    remove.addEventListener('click', () => {
      const now = readSections(lines());
      now.splice(index, 1);
      writeSections(now);
      renderSections(now);
    });
  });
}

function bindForm() {
  for (const [id, key] of Object.entries(SCALARS)) {
    const el = $(id);
    el.addEventListener(el.tagName === 'SELECT' ? 'change' : 'input', () => {
      const v = el.value;
      // An empty optional field (subtitle, year, audience) leaves the key out.
      if (v.trim() === '' && OPTIONAL.has(key)) setKey(key, null);
      else setScalar(key, RAW.has(key) ? v.trim() : quote(v));
    });
  }
  for (const [id, key] of Object.entries(BOOLEANS)) {
    $(id).addEventListener('change', (e) => setScalar(key, e.target.checked ? 'true' : 'false'));
  }
  for (const [id, key] of Object.entries(FLAGS)) {
    $(id).addEventListener('change', (e) => setKey(key, e.target.checked ? [key + ': true'] : null));
  }
  $('f-per-page').addEventListener('input', writeSolutions);
  $('f-cross-refs').addEventListener('change', writeSolutions);
  for (const [id, [key, fallback]] of Object.entries(COVER_FIELDS)) {
    const el = $(id);
    el.addEventListener(el.tagName === 'SELECT' ? 'change' : 'input', () => {
      const v = el.value.trim();
      setCoverEntry(key, v === fallback ? null : v);
    });
  }
  $('f-badges').addEventListener('input', writeBadges);
  $('f-badges-auto').addEventListener('change', () => { $('f-badges').disabled = $('f-badges-auto').checked; writeBadges(); });
  for (const box of document.querySelectorAll('input[name="fm"]')) {
    box.addEventListener('change', () => {
      const chosen = [...document.querySelectorAll('input[name="fm"]:checked')].map((b) => b.value);
      setKey('front_matter', ['front_matter: [' + chosen.join(', ') + ']']);
    });
  }
  $('add-section').addEventListener('click', () => {
    const now = readSections(lines()) || [];
    const last = now[now.length - 1];
    const next = last ? GRADES[Math.min(GRADES.indexOf(last.grade) + 1, GRADES.length - 1)] || 'easy' : 'easy';
    now.push({ grade: next, count: last ? last.count : '20', size: last ? last.size : '', kind: last ? last.kind : '',
      skin: last ? last.skin : '', letters: last ? last.letters : '', tint: last ? last.tint : '', extra: [] });
    writeSections(now);
    renderSections(now);
  });
  $('f-cover').addEventListener('change', (e) => {
    if (e.target.checked) {
      setKey('cover', state.lastCover || DEFAULT_COVER);
    } else {
      const ls = lines();
      const r = keyRange(ls, 'cover');
      if (r) state.lastCover = ls.slice(r.start, r.end);
      setKey('cover', null);
      if (state.cover) showCover(false);
    }
    fillForm();
  });
  $('f-printer').addEventListener('change', (e) => setCoverEntry('printer', e.target.value));
  // card is the default: choosing it removes the key.
  $('f-design').addEventListener('change', (e) => setCoverEntry('design', e.target.value === 'card' ? null : e.target.value));
  $('f-background').addEventListener('input', (e) => setCoverEntry('background', e.target.value));
  $('f-text-color').addEventListener('input', (e) => setCoverEntry('text_color', e.target.value));
  $('f-blurb').addEventListener('input', (e) => setCoverEntry('back_text', e.target.value));
  $('yaml').addEventListener('input', () => { fillForm(); changed(); });
  $('yaml').addEventListener('scroll', placeLineMark);
}

// --- Text changes, errors ----------------------------------------------------------------

function writeYaml(text) {
  const box = $('yaml');
  if (box.value === text) return;
  const top = box.scrollTop;
  box.value = text;
  box.scrollTop = top;
  changed();
}

function changed() {
  updateDirty();
  clearTimeout(state.timer);
  state.timer = setTimeout(refresh, DEBOUNCE_MS);
}

function updateDirty() {
  if (state.savedText === null) return;
  const dirty = $('yaml').value !== state.savedText;
  if (dirty) setStatus('Unsaved changes', '');
  else if ($('status').dataset.kind === 'dirty') setStatus('', '');
  $('status').dataset.kind = dirty ? 'dirty' : '';
}

function setStatus(text, kind) {
  const s = $('status');
  s.textContent = text;
  s.className = 'status' + (kind ? ' ' + kind : '');
  s.dataset.kind = kind;
}

// The form field an error belongs to: by the key its line is under, or the key it names.
function fieldFor(error) {
  const missing = error.text.match(/missing required key '(\w+)'/);
  if (missing) return missing[1];
  if (!error.line) return null;
  const ls = lines();
  for (const key of KEY_ORDER) {
    const r = keyRange(ls, key);
    if (!r || error.line - 1 < r.start || error.line - 1 >= r.end) continue;
    if (key !== 'cover') return key;
    const cover = readCover(ls);
    let at = r.start + 1;
    for (const e of (cover.flow ? [] : cover.entries)) {
      if (error.line - 1 >= at && error.line - 1 < at + e.lines.length) return 'cover.' + e.key;
      at += e.lines.length;
    }
    return 'cover';
  }
  return null;
}

function clearErrors() {
  for (const el of document.querySelectorAll('.field-error')) el.remove();
  for (const el of document.querySelectorAll('.invalid')) el.classList.remove('invalid');
  $('line-mark').hidden = true;
  $('yaml-error').hidden = true;
  $('general-error').hidden = true;
  $('preview-error').hidden = true;
}

function showError(error) {
  clearErrors();
  const key = fieldFor(error);
  const field = key && document.querySelector('[data-key="' + key + '"]');
  if (field) {
    field.classList.add('invalid');
    const note = document.createElement('div');
    note.className = 'field-error';
    note.dataset.for = key;
    note.textContent = error.text;
    if (field.tagName === 'LABEL') field.after(note); else field.append(note);
    if (key === 'puzzles') markSectionRow(error.line);
    $('preview-error').textContent = error.text;
    $('preview-error').hidden = false;
  } else {
    $('general-error').textContent = error.text;
    $('general-error').hidden = false;
  }
  if (error.line) {
    $('yaml-error').textContent = 'Line ' + error.line + ': ' + error.text;
    $('yaml-error').hidden = false;
    state.errorLine = error.line;
    placeLineMark();
  }
}

function markSectionRow(line) {
  const ls = lines();
  const r = keyRange(ls, 'puzzles');
  if (!r) return;
  let index = -1;
  for (let i = r.start + 1; i < line && i < ls.length; i++) if (/^\s*-/.test(ls[i])) index++;
  const row = document.querySelector('#sections tr[data-index="' + index + '"]');
  if (row) row.classList.add('invalid');
}

function placeLineMark() {
  const mark = $('line-mark');
  if ($('yaml-error').hidden || !state.errorLine) { mark.hidden = true; return; }
  const box = $('yaml');
  const lh = parseFloat(getComputedStyle(box).lineHeight) || 19;
  const top = 6 + (state.errorLine - 1) * lh - box.scrollTop;
  mark.style.top = top + 'px';
  mark.hidden = top < -lh || top > box.clientHeight;
}

// --- Readout and preview -----------------------------------------------------------------

function post(url, body, signal) {
  return fetch(url, { method: 'POST', body, signal, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

async function refresh() {
  const text = $('yaml').value;
  const seq = ++state.seq;
  if (state.controller) state.controller.abort();
  const controller = new AbortController();
  state.controller = controller;
  $('readout').classList.add('stale');
  try {
    const res = await post('/api/check', text, controller.signal);
    const answer = await res.json();
    if (seq !== state.seq) return;
    if (!answer.ok) {
      showError(answer.error);
      setPreviewNote(null);
      return;
    }
    clearErrors();
    showFacts(answer.facts);
    await preview(text, seq, controller.signal);
  } catch (e) {
    if (e.name !== 'AbortError' && seq === state.seq) setPreviewNote('The studio is not answering: is it still running?');
  }
}

function showFacts(f) {
  state.facts = f;
  $('readout').classList.remove('stale');
  $('r-pages').textContent = f.page_count;
  $('r-spine').textContent = f.spine_in.toFixed(3) + ' in';
  $('r-puzzles').textContent = f.puzzle_count;
  $('r-trim').textContent = f.trim;
  if (state.page > f.page_count) state.page = f.page_count;
  if (!f.has_cover && state.cover) state.cover = false;
  $('show-cover').hidden = !f.has_cover;
  showSales();
  showPager();
  drawGuides();
}

// KDP's printing cost and least list price (the server's table, book/kdp/print_cost.cpp) and the
// royalty at the price typed: percent x price - printing cost, the percent by the marketplace's
// threshold (the sum of kdp_royalty_cents, done here as the user types).
function showSales() {
  const k = state.facts && state.facts.kdp;
  $('sales').hidden = !k;
  if (!k) return;
  const money = (v) => (k.currency === 'USD' ? '$' : k.currency + ' ') + v.toFixed(2);
  $('k-market').textContent = k.marketplace;
  $('k-cost').textContent = money(k.printing_cost);
  $('k-min').textContent = money(k.min_list_price);
  const price = parseFloat($('k-price').value.replace(',', '.'));
  if (!(price > 0)) { $('k-royalty').textContent = '–'; $('k-rate').textContent = ''; return; }
  // In cents, as kdp_royalty_cents: percent x price - printing cost.
  const cents = Math.round(price * 100);
  const percent = cents < Math.round(k.threshold * 100) ? k.low_percent : k.high_percent;
  const royalty = (cents * percent - Math.round(k.printing_cost * 100) * 100) / 10000;
  $('k-royalty').textContent = money(royalty);
  $('k-royalty').classList.toggle('bad', royalty < 0);
  $('k-rate').textContent = '(' + percent + ' %' + (royalty < 0 ? ': under the least price' : '') + ')';
}

// The cover's guides over its preview: trim, spine folds, safe areas and the barcode box, from the
// geometry the server sent (points, y up), in an SVG laid exactly over the image.
function drawGuides() {
  const svg = $('guides-svg');
  const img = $('preview-img');
  const g = state.facts && state.facts.cover;
  $('guides').hidden = !state.cover || !g;
  $('guides').setAttribute('aria-pressed', state.guides ? 'true' : 'false');
  const show = state.cover && g && state.guides && !img.hidden && img.naturalWidth > 0;
  // An <svg> has no `hidden` property of its own (it is no HTMLElement): the attribute, and CSS.
  svg.toggleAttribute('hidden', !show);
  if (!show) return;
  svg.setAttribute('viewBox', '0 0 ' + g.width + ' ' + g.height);
  svg.setAttribute('preserveAspectRatio', 'none');
  Object.assign(svg.style, { left: img.offsetLeft + 'px', top: img.offsetTop + 'px', width: img.offsetWidth + 'px',
    height: img.offsetHeight + 'px' });
  const rect = (r, cls) => (r && r[2] > r[0] && r[3] > r[1]
    ? '<rect class="' + cls + '" x="' + r[0] + '" y="' + (g.height - r[3]) + '" width="' + (r[2] - r[0]) +
      '" height="' + (r[3] - r[1]) + '"/>' : '');
  const fold = (x) => '<line class="fold" x1="' + x + '" x2="' + x + '" y1="' + (g.height - g.trim[3]) + '" y2="' +
    (g.height - g.trim[1]) + '"/>';
  svg.innerHTML = rect(g.trim, 'trim') + fold(g.spine[0]) + fold(g.spine[2]) + rect(g.back_safe, 'safe') +
    rect(g.front_safe, 'safe') + rect(g.spine_safe, 'safe') + rect(g.barcode, 'barcode');
}

// The thumbnail check of the cover shown: the title's capitals at a search result's size.
async function checkThumbnail(text, seq) {
  const note = $('thumb');
  try {
    const res = await post('/api/thumbnail?session=' + encodeURIComponent(state.session), text);
    const answer = await res.json();
    if (seq !== state.seq || !state.cover) return;
    if (!answer.ok) { note.hidden = true; return; }
    const t = answer.thumbnail;
    note.className = 'thumb ' + (t.ok ? 'ok' : 'warn');
    note.textContent = t.measured
      ? 'Thumbnail (' + t.height_px + ' px tall): title capitals ' + t.cap_height_px.toFixed(1) + ' px (at least ' +
        t.min_cap_px + '), contrast ' + t.contrast.toFixed(1) + ':1 (at least ' + t.min_contrast + ':1)' +
        (t.warnings.length ? '. ' + t.warnings.join(' ') : '')
      : t.summary.charAt(0).toUpperCase() + t.summary.slice(1);
    note.dataset.capPx = t.measured ? t.cap_height_px : '';
    note.hidden = false;
  } catch (e) {
    note.hidden = true;
  }
}

function showPager() {
  const f = state.facts;
  $('page').value = state.cover ? '' : state.page;
  $('page').disabled = state.cover;
  $('page-of').textContent = f ? 'of ' + f.page_count : '';
  $('prev').disabled = state.cover || state.page <= 1;
  $('next').disabled = state.cover || !f || state.page >= f.page_count;
  $('show-cover').setAttribute('aria-pressed', state.cover ? 'true' : 'false');
  const kind = state.cover ? 'full-wrap cover' : f ? (f.page_kinds[state.page - 1] || '').replace(/_/g, ' ') : '';
  $('page-kind').textContent = kind;
  drawGuides();
}

async function preview(text, seq, signal) {
  const sheet = $('sheet');
  sheet.classList.add('busy');
  if ($('preview-img').hidden) setPreviewNote('Generating the puzzles and laying out the page…');
  const dpi = Math.max(36, Math.min(300, Math.round(Math.min(2, window.devicePixelRatio || 1) * 110)));
  const started = performance.now();
  const url = '/api/preview?session=' + encodeURIComponent(state.session) + '&seq=' + seq + '&dpi=' + dpi +
    '&page=' + (state.cover ? 'cover' : state.page);
  const res = await post(url, text, signal);
  if (seq !== state.seq) return;
  sheet.classList.remove('busy');
  if (res.status === 200 && (res.headers.get('Content-Type') || '').startsWith('image/')) {
    const blob = await res.blob();
    if (seq !== state.seq) return;
    const img = $('preview-img');
    if (state.imageUrl) URL.revokeObjectURL(state.imageUrl);
    state.imageUrl = URL.createObjectURL(blob);
    img.src = state.imageUrl;
    img.alt = state.cover ? 'Preview of the cover' : 'Preview of page ' + state.page;
    img.hidden = false;
    $('preview-note').hidden = true;
    state.shownSeq = seq;
    sheet.dataset.ms = Math.round(performance.now() - started);
    sheet.dataset.seq = seq;
    if (state.cover) checkThumbnail(text, seq); else $('thumb').hidden = true;
    return;
  }
  const answer = await res.json().catch(() => ({ error: { text: 'HTTP ' + res.status } }));
  if (res.status === 409) return;  // a newer request is on its way
  if (res.status === 422) { showError(answer.error); setPreviewNote(null); return; }
  setPreviewNote(res.status === 501 ? 'No page images here: the ' + answer.error.text +
    '. The readout and errors still follow every change, and Build writes the PDF.' : answer.error.text);
  sheet.dataset.unavailable = res.status === 501 ? 'true' : '';
}

// A note instead of (or over) the image; null keeps the last image, dimmed.
function setPreviewNote(text) {
  const note = $('preview-note');
  $('sheet').classList.toggle('busy', text === null);
  if (text === null) {
    if ($('preview-img').hidden) { note.textContent = 'Fix the error to see the page.'; note.hidden = false; }
    return;
  }
  note.textContent = text;
  note.hidden = false;
  $('preview-img').hidden = true;
  drawGuides();
}

function goTo(page) {
  if (!state.facts) return;
  const p = Math.max(1, Math.min(state.facts.page_count, page | 0));
  if (p === state.page && !state.cover) return showPager();
  state.page = p;
  state.cover = false;
  showPager();
  refresh();
}

function showCover(on) {
  state.cover = on;
  if (!on) $('thumb').hidden = true;
  showPager();
  refresh();
}

// --- Save and Build ----------------------------------------------------------------------

async function save() {
  const text = $('yaml').value;
  $('save').disabled = true;
  try {
    const res = await post('/api/save', text);
    const answer = await res.json();
    if (answer.ok) {
      state.savedText = text;
      setStatus('Saved ' + answer.path, 'ok');
    } else {
      setStatus('Not saved', 'bad');
      showError(answer.error);
    }
  } catch (e) {
    setStatus('Not saved: the studio is not answering', 'bad');
  } finally {
    $('save').disabled = false;
  }
}

async function build() {
  $('build').disabled = true;
  setStatus('Building…', '');
  try {
    const res = await post('/api/build', $('yaml').value);
    const answer = await res.json();
    if (answer.ok) {
      const names = answer.written.map((p) => p.split('/').pop());
      setStatus('Built ' + names.join(', '), 'ok');
    } else {
      setStatus('Build failed', 'bad');
      showError(answer.error);
    }
  } catch (e) {
    setStatus('Build failed: the studio is not answering', 'bad');
  } finally {
    $('build').disabled = false;
  }
}

// --- Start -------------------------------------------------------------------------------

async function start() {
  bindForm();
  $('save').addEventListener('click', save);
  $('build').addEventListener('click', build);
  $('prev').addEventListener('click', () => goTo(state.page - 1));
  $('next').addEventListener('click', () => goTo(state.page + 1));
  $('page').addEventListener('change', (e) => goTo(parseInt(e.target.value, 10) || 1));
  $('show-cover').addEventListener('click', () => showCover(!state.cover));
  $('guides').addEventListener('click', () => { state.guides = !state.guides; drawGuides(); });
  $('preview-img').addEventListener('load', drawGuides);
  window.addEventListener('resize', drawGuides);
  $('k-price').addEventListener('input', showSales);
  document.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 's') { e.preventDefault(); save(); }
  });
  window.addEventListener('beforeunload', (e) => {
    if (state.savedText !== null && $('yaml').value !== state.savedText) e.preventDefault();
  });
  const res = await fetch('/api/spec');
  const spec = await res.json();
  if (!spec.ok) { $('general-error').textContent = spec.error.text; $('general-error').hidden = false; return; }
  state.specPath = spec.path;
  $('file').textContent = spec.path + (spec.exists ? '' : ' (new: Save creates it)');
  $('file').title = 'Editing ' + spec.path + ' in ' + spec.folder;
  for (const t of spec.trims) $('trims').append(new Option(t, t));
  for (const l of spec.layouts) $('f-layout').add(new Option(l, l));
  $('yaml').value = spec.text;
  state.savedText = spec.exists ? spec.text : null;
  if (!spec.exists) setStatus('Not saved yet', '');
  fillForm();
  refresh();
}

start();
