// Draws the app's install icons (public/icon-192.png, public/icon-512.png) from the same
// mark as public/icon.svg, with Debian's Chromium. Run once after changing the mark:
//   node scripts/icons.mjs
// The PNGs are committed; the build only copies them.
import { chromium } from 'playwright-core';

const MARK = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">
  <rect width="48" height="48" fill="#25603f"/>
  <g transform="translate(8.4 8.4) scale(0.65)">
    <polygon points="24,3 43,13.5 43,34.5 24,45 5,34.5 5,13.5" fill="#f5f3ee"/>
    <path d="M24 12 27 21 36 24 27 27 24 36 21 27 12 24 21 21Z" fill="#25603f"/>
  </g>
</svg>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${MARK}`,
  );
  await page.screenshot({ path: `public/icon-${size}.png` });
  await page.close();
}
await browser.close();
console.log('wrote public/icon-192.png and public/icon-512.png');
