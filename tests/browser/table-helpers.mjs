// What the live table's browser tests share: phones set up for the test's relay, starting
// and joining a table as a player does, the Table page's parts found by role and name, a
// phone's lost signal, a wrong clock, and reading a phone's own kept table.
import { expect } from '@playwright/test';
import { drawn } from './harness.mjs';
import { dock, roll, tap } from './narrative-helpers.mjs';
import { startRelay } from './relay.mjs';
import { KIND, RelayClient, open, readInvite } from './table-client.mjs';

/**
 * A fresh phone whose own relay list names `relays` (used by tables it starts), with, when
 * asked, a clock `clockMs` off (every `Date` of the page shifted) and a signal that can be
 * lost (`lose`/`restore`: see `signal`).
 */
export async function tablePhone(phone, relays, { clockMs = 0 } = {}) {
  const { context, page } = await phone();
  await context.addInitScript(
    ([urls, offset]) => {
      if (offset) {
        // This phone's clock runs `offset` ms off: Date.now and new Date() follow it.
        const RealDate = Date;
        const shifted = () => RealDate.now() + offset;
        class ShiftedDate extends RealDate {
          constructor(...args) {
            super(...(args.length ? args : [shifted()]));
          }
          static now() {
            return shifted();
          }
        }
        globalThis.Date = ShiftedDate;
      }
      // Every socket the page opens, so a lost signal can close them: a phone that loses its
      // signal keeps its sockets "open" for minutes, and `setOffline` leaves them open too.
      const Real = WebSocket;
      const sockets = new Set();
      globalThis.__signal = { down: false, dead: false, sockets };
      // A dead network (`dead`): sockets stay "open" and nothing passes either way, and a new
      // one never says it opened, as on a phone whose signal went while it still shows bars.
      const passing = (handler) => handler && function (event) {
        if (!globalThis.__signal.dead) handler.call(this, event);
      };
      globalThis.WebSocket = class extends Real {
        constructor(url, protocols) {
          // No signal: the connection fails, as it would.
          super(globalThis.__signal.down ? 'ws://127.0.0.1:9/' : url, protocols);
          sockets.add(this);
          this.addEventListener('close', () => sockets.delete(this));
        }
        set onmessage(handler) { super.onmessage = passing(handler); }
        get onmessage() { return super.onmessage; }
        set onopen(handler) { super.onopen = passing(handler); }
        get onopen() { return super.onopen; }
        send(data) {
          if (!globalThis.__signal.dead) super.send(data);
        }
      };
      // about:blank (a new tab before its address) has no storage: nothing to seed there.
      if (location.protocol !== 'http:') return;
      if (!localStorage.getItem('dicetray.table')) {
        localStorage.setItem('dicetray.table', JSON.stringify({ version: 2, data: { send_to: 'table', relays: urls, at: null } }));
      }
    },
    [relays, clockMs],
  );
  return { context, page };
}

/** The phone loses its signal: its sockets close, and new ones fail until `restore`. */
export async function loseSignal(page) {
  await page.evaluate(() => {
    globalThis.__signal.down = true;
    for (const socket of globalThis.__signal.sockets) socket.close();
  });
}

/** The network goes dead without a word: sockets stay open, and nothing passes. */
export async function deadNetwork(page) {
  await page.evaluate(() => { globalThis.__signal.dead = true; });
}

/** The dead network lives again (the browser says nothing: it never said it went). */
export async function liveNetwork(page) {
  await page.evaluate(() => { globalThis.__signal.dead = false; });
}

/** The signal is back: the browser says so (`online`), as a phone's does. */
export async function restoreSignal(page) {
  await page.evaluate(() => {
    globalThis.__signal.down = false;
    window.dispatchEvent(new Event('online'));
  });
}

/** The log's entries, newest first: every kind (rolls, flips, joins...). */
export const logEntries = (page) => page.getByRole('region', { name: "The table's rolls" }).locator('.history-list > li');
/** The log's rolls (each a list item holding a roll card, whose dice are a list of their own). */
export const rolls = (page) => logEntries(page).and(page.locator('[data-kind="roll"]'));
/** The log's story point entries (flips and the GM's settings). */
export const poolEntries = (page) => logEntries(page).and(page.locator('[data-kind="pool"]'));
/** The table's corner in a tray, above the roll bar. */
export const corner = (page) => page.getByRole('group', { name: 'Live table' });
/** The corner's table line: who is here, the connection, what waits. */
export const tableLine = (page) => corner(page).getByRole('button', { name: /^Table · / });
/** The corner's last roll by someone else. */
export const lastRoll = (page) => corner(page).locator('.table-last');
/** The table's log over the tray. */
export const logSheet = (page) => page.getByRole('dialog', { name: 'The table' });

/** Who is at the table. */
export const people = (page) => page.getByRole('region', { name: 'At the table' }).getByRole('listitem');
/** The Destiny pool's count. */
export const poolCount = (page) => page.getByRole('region', { name: 'Destiny pool' }).locator('.pool-count');

/**
 * The log as text, one line per entry, newest first: what two phones compare. A time shows
 * its day only when it is not the viewing phone's today, so near midnight (or with a clock
 * off) two phones word the same time differently: the day is left out here.
 */
export async function logText(page) {
  const day = /(?<!\d)\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (?=\d\d:\d\d)/g;
  return (await logEntries(page).allTextContents()).map((t) => t.replace(day, '').replace(/\s+/g, ' ').trim());
}

/** Starts a table on `page` as `name`; returns its link's path (`/#/table?join=...`). */
export async function startTable(page, name) {
  await page.goto('/#/table');
  await drawn(page);
  await page.getByRole('textbox', { name: 'Your name at the table' }).fill(name);
  await page.getByRole('button', { name: 'Start a table' }).click();
  const link = page.getByRole('textbox', { name: 'Table link' });
  await expect(link).toHaveValue(/#\/table\?join=/);
  const full = await link.inputValue();
  return '/' + full.slice(full.indexOf('#'));
}

/** Joins by the link's path as `name`, and waits until the phone is at the table. */
export async function joinTable(page, path, name) {
  await page.goto(path);
  await drawn(page);
  await page.getByRole('textbox', { name: 'Your name at the table' }).fill(name);
  await page.getByRole('button', { name: 'Join the table' }).click();
  await expect(page.getByRole('region', { name: 'At the table' })).toBeVisible();
  await expect(people(page).filter({ hasText: name })).toHaveCount(1);
}

/** Rolls `dice` ability dice in the narrative tray; waits for the headline. */
export async function narrativeRoll(page, dice = 1) {
  await page.goto('/#/narrative');
  await drawn(page);
  await tap(page, 'Add ability die', dice);
  await roll(page);
  await expect(dock(page).getByRole('button', { name: /^Last roll: / })).toBeVisible();
}

/** The GM sets the pool on the Table page. */
export async function setPool(page, light, dark) {
  await page.goto('/#/table');
  const pool = page.getByRole('region', { name: 'Destiny pool' });
  await pool.getByRole('spinbutton', { name: 'Light' }).fill(String(light));
  await pool.getByRole('spinbutton', { name: 'Dark' }).fill(String(dark));
  await pool.getByRole('button', { name: 'Set the pool' }).click();
  await expect(poolCount(page)).toContainText(`${light} light, ${dark} dark`);
}

/** The table this phone keeps (its stored document's `at`). */
export async function keptTable(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('dicetray.table')).data.at);
}

/**
 * A relay down on purpose, or a signal lost, makes the browser log refused connections:
 * those, and only those, are taken out of the pages' recorded errors.
 */
export function forgiveRefusedSockets(...pages) {
  for (const page of pages) {
    page.errors = page.errors.filter((e) => !/WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/' failed/.test(e));
  }
}

/**
 * The loopback relay a test file shares: started before its first test, stopped after its
 * last. Read it in tests as the relay itself (`relay.url`, `relay.stop()`, `relay.start()`).
 */
export function sharedRelay(test) {
  let started;
  test.beforeAll(async () => {
    started = await startRelay();
  });
  test.afterAll(async () => {
    await started?.stop();
  });
  return new Proxy(
    {},
    {
      get(_, name) {
        const value = started?.[name];
        return typeof value === 'function' ? value.bind(started) : value;
      },
    },
  );
}

/** The table's invite, from a link's path (its GM as a member's key). */
export const inviteOf = (path) => {
  const invite = readInvite(decodeURIComponent(path.split('join=')[1]));
  return { ...invite, gm: { pubkey: invite.gm } };
};

/** Every event of the table the relay keeps, opened where the table key opens it. */
export async function tableEvents(relay, invite) {
  const client = await RelayClient.connect(relay.url);
  const events = await client.query({ kinds: [KIND.MESSAGE], '#t': [invite.tag], limit: 5000 });
  await client.close();
  return events.map((event) => {
    let body = null;
    try {
      body = event.content.startsWith('t1.') ? open(invite.key, KIND.MESSAGE, event.pubkey, event.content) : null;
    } catch {}
    return { event, body };
  });
}

/** Publishes events, each accepted by the relay. */
export async function publishAll(relay, events) {
  const client = await RelayClient.connect(relay.url);
  for (const event of events) expect((await client.publish(event)).accepted, event.id).toBe(true);
  await client.close();
}

/** Gemma starts a table on a phone of `relay`; each name after joins by its link, in order. */
export async function gmAndPlayers(phone, relay, ...names) {
  const gm = await tablePhone(phone, [relay.url]);
  const path = await startTable(gm.page, 'Gemma');
  const players = [];
  for (const name of names) {
    const player = await tablePhone(phone, []);
    await joinTable(player.page, path, name);
    players.push(player);
  }
  return { gm, players, path };
}

/** Opens `tray` and waits until it is drawn with the table's corner in it. */
export async function inTray(page, tray) {
  await page.goto(`/#/${tray}`);
  await drawn(page);
  await expect(tableLine(page)).toBeVisible();
}

/** Does `act` (a roll), and returns the headline the roller's own dock shows for it. */
export async function headlineAfter(page, act) {
  const headline = dock(page).locator('.bar-headline');
  const before = await headline.getAttribute('data-roll').catch(() => null);
  await act();
  // Before any roll the headline has no data-roll at all: wait for one, and for a new one.
  await expect.poll(() => headline.getAttribute('data-roll')).not.toBe(before);
  return (await headline.textContent()).replace(/^\s*Last roll:\s*/, '').trim();
}
