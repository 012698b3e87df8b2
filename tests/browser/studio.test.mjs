// End-to-end test of `puzzlepress studio` in a real browser: headless Debian chromium driven by
// puppeteer-core (which never downloads a browser of its own).
//
//   node tests/browser/studio.test.mjs PUZZLEPRESS_BINARY [SCREENSHOT_DIR]
//
// Loads the page, changes the trim (the trim readout, the YAML and the preview follow), changes
// the layout (the page count follows: in puzzlepress a preset fixes the puzzles per page, so the
// trim alone never changes the count), types a bad seed and sees the command line's error beside
// the field, fixes it, builds (PDF, manifest, cover beside the spec) and saves; then stops the
// studio with SIGINT. Between them (issue 26): the cover's design and badges, killer_table's error
// beside its box, a front image outside the folder refused, the KDP cost readout (the same as
// `build`'s summary line), the cover's guides toggled and its thumbnail check. Exit 77 (ctest: skipped) with a message when no browser or no
// puppeteer-core is installed. With SCREENSHOT_DIR, saves studio-1280x800.png and
// studio-420.png there.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SKIP = 77;
const binary = process.argv[2] && resolve(process.argv[2]);
const shots = process.argv[3] && resolve(process.argv[3]);
if (!binary) { console.error('usage: studio.test.mjs PUZZLEPRESS_BINARY [SCREENSHOT_DIR]'); process.exit(2); }

const chromium = process.env.CHROMIUM || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (!chromium) {
  console.log('SKIP: no chromium here (install Debian\'s chromium, or run .ci/deps)');
  process.exit(SKIP);
}
let puppeteer;
try {
  const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), 'package.json'));
  puppeteer = require('puppeteer-core');
} catch (e) {
  console.log('SKIP: puppeteer-core is not installed (run: cd tests/browser && npm ci; .ci/deps does it)');
  process.exit(SKIP);
}

const spec = `title: Browser Book
author: Ann Example
trim: 6x9
layout: two-up
seed: 3
puzzles:
  - { grade: easy, count: 40 }
  - { grade: medium, count: 20 }
front_matter: [title, copyright, how_to_play]
cover:
  printer: kdp
  background: "#2f5d7c"
  text_color: "#ffffff"
  back_text: |
    Sixty puzzles for a quiet afternoon.
`;

const dir = mkdtempSync(join(tmpdir(), 'puzzlepress-studio-browser-'));
writeFileSync(join(dir, 'book.yaml'), spec);

let failures = 0;
function check(ok, what) {
  console.log((ok ? 'ok   ' : 'FAIL ') + what);
  if (!ok) failures++;
}

// The studio, on a free port; its first line names the address.
const studio = spawn(binary, ['studio', 'book.yaml', '--port', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
studio.stdout.on('data', (d) => { output += d; });
studio.stderr.on('data', (d) => { output += d; });
const address = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('the studio did not start: ' + output)), 20000);
  const poll = setInterval(() => {
    const m = output.match(/open (http:\/\/127\.0\.0\.1:\d+\/)/);
    if (m) { clearInterval(poll); clearTimeout(timer); resolve(m[1]); }
  }, 20);
});
console.log('studio at ' + address);

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-proxy-server'],
});
const text = (page, sel) => page.$eval(sel, (el) => el.textContent.trim());
// Polls an element's text until `pred` holds (the page's CSP forbids eval, so the test polls).
async function waitText(page, sel, pred, what) {
  const end = Date.now() + 30000;
  for (;;) {
    const t = await page.$eval(sel, (el) => el.textContent.trim()).catch(() => null);
    if (t !== null && pred(t)) return t;
    if (Date.now() > end) throw new Error('timed out waiting for ' + what + ' (last: ' + JSON.stringify(t) + ')');
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Replaces an input's text by typing, as a person would.
async function retype(page, sel, value) {
  await page.$eval(sel, (el) => { el.focus(); el.select(); });
  await page.keyboard.type(value);
}

try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await page.goto(address);
  await waitText(page, '#r-pages', (t) => /^\d+$/.test(t), 'the page count');
  const pages0 = await text(page, '#r-pages');
  check(await text(page, '#r-trim') === '6x9', 'the readout shows the spec\'s trim');
  check(await page.$eval('#f-title', (el) => el.value) === 'Browser Book', 'the form shows the title');

  // The preview: an image when the painter is built in, else the honest note.
  const previewState = () => page.waitForFunction(() => {
    const img = document.querySelector('#preview-img');
    const sheet = document.querySelector('#sheet');
    return (!img.hidden && img.complete && img.naturalWidth > 0) || sheet.dataset.unavailable === 'true';
  }, { timeout: 60000 });
  await previewState();
  const painter = await page.$eval('#sheet', (el) => el.dataset.unavailable !== 'true');
  const aspect = () => page.$eval('#preview-img', (img) => img.naturalWidth / img.naturalHeight);
  let aspect0 = 0;
  if (painter) {
    aspect0 = await aspect();
    check(Math.abs(aspect0 - 6 / 9) < 0.01, `the preview is a 6x9 page (aspect ${aspect0.toFixed(3)})`);
  } else {
    check((await text(page, '#preview-note')).includes('preview painter not available'),
      'no painter in this build: the preview says so (image checks skipped)');
  }
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await page.goto(address);
    await waitText(page, '#r-pages', (t) => /^\d+$/.test(t), 'the page count');
    await previewState();
    if (painter) { await page.click('#next'); await page.click('#next'); await page.click('#next'); await page.click('#next'); }
    await new Promise((r) => setTimeout(r, 1500));
    await page.screenshot({ path: join(shots, 'studio-1280x800.png') });
    if (painter) {
      await page.click('#show-cover');
      await page.waitForFunction(() => document.querySelector('#preview-img').alt === 'Preview of the cover' &&
        document.querySelector('#preview-img').complete, { timeout: 30000 });
      await new Promise((r) => setTimeout(r, 500));
      await page.screenshot({ path: join(shots, 'studio-cover-1280x800.png') });
      await page.click('#show-cover');
      await page.waitForFunction(() => document.querySelector('#preview-img').alt.startsWith('Preview of page'),
        { timeout: 30000 });
    }
  }

  // Change the trim in the form: the YAML, the readout and the preview follow.
  await retype(page, '#f-trim', '8.5x11');
  await waitText(page, '#r-trim', (t) => t === '8.5x11', 'the trim readout to follow');
  check((await page.$eval('#yaml', (el) => el.value)).includes('\ntrim: 8.5x11\n'), 'the YAML view follows the form');
  if (painter) {
    await page.waitForFunction((a) => {
      const img = document.querySelector('#preview-img');
      return img.naturalWidth && Math.abs(img.naturalWidth / img.naturalHeight - a) > 0.05;
    }, { timeout: 30000 }, aspect0);
    const aspect1 = await aspect();
    console.log('     (request to image on screen: ' + await page.$eval('#sheet', (el) => el.dataset.ms) + ' ms)');
    check(Math.abs(aspect1 - 8.5 / 11) < 0.01, `the preview became an 8.5x11 page (aspect ${aspect1.toFixed(3)})`);
  }

  // Four puzzles a page: fewer pages.
  await page.select('#f-layout', 'four-up');
  await waitText(page, '#r-pages', (t) => /^\d+$/.test(t) && t !== pages0, 'the page count to change');
  const pages1 = await text(page, '#r-pages');
  check(Number(pages1) < Number(pages0), `the page count follows the layout (${pages0} -> ${pages1})`);

  // A kind per section: the YAML follows, the preview takes it without an error, and the build
  // below makes an X sudoku section.
  await page.select('select[aria-label="Kind of section 1"]', 'x');
  await page.waitForFunction(() => /puzzles:\n {2}- \{[^}]*kind: x/.test(document.querySelector('#yaml').value),
    { timeout: 30000 });
  check(true, 'the kind select writes kind: x into the section\'s YAML');
  await new Promise((r) => setTimeout(r, 1500));
  check(!(await page.$('.field-error')), 'an X sudoku section is accepted');

  // The book's other fields: each writes its key where the spec's order puts it.
  const yamlHas = (re, what) => page.waitForFunction((s) => new RegExp(s).test(document.querySelector('#yaml').value),
    { timeout: 30000 }, re.source).then(() => check(true, what));
  await retype(page, '#f-subtitle', 'Puzzles for the Browser');
  await yamlHas(/^title: Browser Book\nsubtitle: Puzzles for the Browser\nauthor:/, 'the subtitle goes under the title');
  await retype(page, '#f-year', '2026');
  await yamlHas(/\nauthor: Ann Example\nyear: 2026\ntrim:/, 'the year goes under the author');
  await page.select('#f-language', 'de');
  await yamlHas(/\nlanguage: de\n/, 'the language select writes language: de');
  await page.select('#f-language', 'en');
  await yamlHas(/\nlanguage: en\n/, 'and back to en');
  await page.select('#f-audience', 'adults');
  await yamlHas(/\nlayout: four-up\naudience: adults\nseed:/, 'the reader select writes audience: adults');
  await page.click('#f-hints');
  await yamlHas(/\ngrading: \S+\nhints: true\npuzzles:|\nhints: true\npuzzles:/, 'the hints box writes hints: true');
  await page.select('select[aria-label="Skin of section 2"]', 'letters');
  await yamlHas(/- \{ grade: medium, count: 20, skin: letters \}/, 'the skin select writes skin: letters');
  await new Promise((r) => setTimeout(r, 1500));
  check(!(await page.$('.field-error')), 'the book with these fields is accepted');

  // Issue 26's fields: the cover's design and badges; killer_table (refused without a killer
  // section, at its field, and cleared by unchecking it); a front image outside the spec's folder
  // (refused at its field: the studio reads only inside it).
  await page.select('#f-design', 'band');
  await yamlHas(/\n {2}design: band\n/, 'the design select writes cover.design: band');
  await retype(page, '#f-badges', 'with solutions, 60 puzzles');
  await yamlHas(/\n {2}badges: \[with solutions, "60 puzzles"\]\n/, 'the badges field writes a list');
  await page.click('#f-killer-table');
  await yamlHas(/\nkiller_table: true\n/, 'the killer table box writes killer_table: true');
  await page.waitForSelector('.field-error[data-for="killer_table"]', { timeout: 30000 });
  check(/killer/.test(await text(page, '.field-error[data-for="killer_table"]')),
    'killer_table without a killer section: the error is beside its box');
  await page.click('#f-killer-table');
  await page.waitForFunction(() => !document.querySelector('.field-error'), { timeout: 30000 });
  check(!(await page.$eval('#yaml', (el) => el.value)).includes('killer_table'), 'unchecking removes the key');
  await retype(page, '#f-front-image', '../outside.png');
  await page.waitForSelector('.field-error[data-for="cover.front_image"]', { timeout: 30000 });
  check((await text(page, '.field-error[data-for="cover.front_image"]')).includes('is outside the spec\'s folder'),
    'a front image outside the spec\'s folder is refused at its field');
  await page.$eval('#f-front-image', (el) => { el.value = ''; el.dispatchEvent(new Event('input')); });
  await page.waitForFunction(() => !document.querySelector('.field-error'), { timeout: 30000 });

  // The KDP readout: printing cost and least list price, and the royalty at a typed price.
  await waitText(page, '#k-cost', (t) => /^\$\d+\.\d\d$/.test(t), 'the printing cost');
  await retype(page, '#k-price', '12.99');
  await waitText(page, '#k-royalty', (t) => /^\$\d+\.\d\d$/.test(t), 'the royalty');
  check((await text(page, '#k-rate')) === '(60 %)', 'a 12.99 list price earns the 60 % rate');

  // The cover: guides over the preview, toggled; the thumbnail check beside it.
  if (painter) {
    await page.click('#show-cover');
    await page.waitForFunction(() => document.querySelector('#preview-img').alt === 'Preview of the cover' &&
      getComputedStyle(document.querySelector('#guides-svg')).display !== 'none', { timeout: 60000 });
    const guides = () => page.$eval('#guides-svg', (svg) => ({ hidden: getComputedStyle(svg).display === 'none',
      trim: svg.querySelectorAll('.trim').length,
      folds: svg.querySelectorAll('.fold').length, safe: svg.querySelectorAll('.safe').length,
      barcode: svg.querySelectorAll('.barcode').length, width: svg.getBoundingClientRect().width,
      img: document.querySelector('#preview-img').getBoundingClientRect().width }));
    const on = await guides();
    check(on.trim === 1 && on.folds === 2 && on.safe >= 2 && on.barcode === 1,
      `the guides show trim, folds, safe areas and the barcode box (${JSON.stringify(on)})`);
    check(Math.abs(on.width - on.img) < 1, 'the guides lie exactly over the image');
    check(await page.$eval('#guides', (b) => b.getAttribute('aria-pressed')) === 'true', 'Guides is pressed by default');
    await page.click('#guides');
    check((await guides()).hidden && await page.$eval('#guides', (b) => b.getAttribute('aria-pressed')) === 'false',
      'Guides off: the overlay is gone');
    await page.click('#guides');
    check(!(await guides()).hidden, 'Guides on again: the overlay is back');
    const thumb = await waitText(page, '#thumb', (t) => t.startsWith('Thumbnail'), 'the thumbnail check');
    check(/^Thumbnail \(200 px tall\): title capitals \d+(\.\d)? px/.test(thumb), `the thumbnail check: "${thumb}"`);
    if (shots) {
      await page.setViewport({ width: 1600, height: 1000 });
      await new Promise((r) => setTimeout(r, 800));
      await page.screenshot({ path: join(shots, 'studio-cover-guides-1600.png') });
      await page.setViewport({ width: 1280, height: 800 });
    }
    await page.click('#show-cover');
    await page.waitForFunction(() => document.querySelector('#preview-img').alt.startsWith('Preview of page'),
      { timeout: 30000 });
    check((await guides()).hidden && await page.$eval('#guides', (b) => b.hidden), 'a page has no guides');
  }

  // A bad value: the command line's error, beside its field and at its YAML line.
  await retype(page, '#f-seed', '12x');
  await page.waitForSelector('.field-error[data-for="seed"]', { timeout: 30000 });
  const shown = await text(page, '.field-error[data-for="seed"]');
  const yaml = await page.$eval('#yaml', (el) => el.value);
  // The command line's text for the same file: book.yaml holding the YAML view's text.
  const saved = readFileSync(join(dir, 'book.yaml'), 'utf8');
  writeFileSync(join(dir, 'book.yaml'), yaml);
  const expected = spawnSync(binary, ['build', 'book.yaml', '-o', 'never.pdf'], { cwd: dir, encoding: 'utf8' });
  writeFileSync(join(dir, 'book.yaml'), saved);
  const cliText = expected.stderr.trim().replace(/^puzzlepress: /, '');
  check(expected.status === 2 && shown === cliText, `the seed's error is the command line's: "${shown}"`);
  check(await page.$eval('.field[data-key="seed"]', (el) => el.classList.contains('invalid')), 'the seed field is marked');
  const seedLine = yaml.split('\n').findIndex((l) => l.startsWith('seed:')) + 1;
  check((await text(page, '#yaml-error')).startsWith(`Line ${seedLine}: `), `the YAML view names the line (${seedLine})`);
  if (shots) {
    await page.setViewport({ width: 420, height: 900 });
    await new Promise((r) => setTimeout(r, 800));
    await page.screenshot({ path: join(shots, 'studio-420-error.png'), fullPage: false });
    await page.setViewport({ width: 1280, height: 800 });
  }
  await retype(page, '#f-seed', '12');
  await page.waitForFunction(() => !document.querySelector('.field-error'), { timeout: 30000 });
  check(true, 'fixing the seed clears the error');

  // Build: the PDF, the manifest and the cover beside the spec.
  await page.click('#build');
  await waitText(page, '#status', (t) => t.startsWith('Built') || t.startsWith('Build failed'), 'the build');
  const status = await text(page, '#status');
  check(status === 'Built book.pdf, book.json, book-cover.pdf', `Build reports its files: "${status}"`);
  for (const f of ['book.pdf', 'book.json', 'book-cover.pdf']) {
    const p = join(dir, f);
    check(existsSync(p) && readFileSync(p).subarray(0, 5).toString() === (f.endsWith('.json') ? '{\n  "' : '%PDF-'),
      f + ' was written');
  }
  check(readFileSync(join(dir, 'book.json'), 'utf8').includes('"trim": "8.5x11"'), 'the build used the edited spec');

  // Save: the spec file is the YAML view's text.
  await page.click('#save');
  await waitText(page, '#status', (t) => t.startsWith('Saved') || t.startsWith('Not saved'), 'the save');
  check(readFileSync(join(dir, 'book.yaml'), 'utf8') === await page.$eval('#yaml', (el) => el.value),
    'Save wrote the YAML view\'s text');
  // The readout's cost is `build`'s: its summary line for the saved spec.
  const built = spawnSync(binary, ['build', 'book.yaml', '-o', 'cli.pdf', '--quiet'], { cwd: dir, encoding: 'utf8' });
  const line = (built.stdout.match(/KDP printing cost: (\S+) USD on Amazon\.com \(black ink\), least list price (\S+) USD/) || []);
  check(line.length === 3 && await text(page, '#k-cost') === '$' + line[1] && await text(page, '#k-min') === '$' + line[2],
    `the readout's cost is build's: "${line[0]}"`);
  if (shots) {
    await page.setViewport({ width: 420, height: 900 });
    await page.goto(address);
    await waitText(page, '#r-pages', (t) => /^\d+$/.test(t), 'the page count');
    await previewState();
    await new Promise((r) => setTimeout(r, 800));
    await page.screenshot({ path: join(shots, 'studio-420.png') });
  }
  check(pageErrors.length === 0, 'no script errors' + (pageErrors.length ? ': ' + pageErrors.join('; ') : ''));
} catch (e) {
  console.log('FAIL ' + e.message);
  failures++;
} finally {
  await browser.close();
  studio.kill('SIGINT');
  const code = await new Promise((resolve) => studio.on('exit', (c) => resolve(c)));
  check(code === 0 && output.endsWith('studio stopped\n'), 'the studio stopped cleanly on SIGINT');
  rmSync(dir, { recursive: true, force: true });
}
console.log(failures ? `${failures} check(s) failed` : 'all checks passed');
process.exit(failures ? 1 : 0);
