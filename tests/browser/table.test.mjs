// The live table in Chromium: three phones at one table through a real relay on 127.0.0.1
// (relay.mjs, the Python nostr-relay, started and stopped here), and a test client
// (table-client.mjs) playing a dishonest phone. Expected values come from the test itself:
// the rolls each phone made (read off its own dock), the pool set and flipped in the test,
// the events the test client sends.
import { expect, test } from './fixtures.mjs';
import { drawn } from './harness.mjs';
import { startRelay } from './relay.mjs';
import {
  forgiveRefusedSockets,
  joinTable,
  loseSignal,
  narrativeRoll,
  people,
  poolCount,
  poolEntries,
  restoreSignal,
  rolls,
  sharedRelay,
  startTable,
  tablePhone as makeTablePhone,
} from './table-helpers.mjs';
import { KIND, RelayClient, makeDevice, message, now, open, readInvite, seal, signEvent } from './table-client.mjs';
import { dock, faces, roll, tap } from './narrative-helpers.mjs';

test.describe.configure({ mode: 'serial' });

const relay = sharedRelay(test);

/** A fresh phone whose own relay list names the test's relays (used by tables it starts). */
const tablePhone = (phone, relays = [relay.url], options) => makeTablePhone(phone, relays, options);

/** The log's rolls, and its story point entries. */
const log = rolls;
const poolLog = poolEntries;

/** The usual start: Gemma starts a table on a phone of the test's relay, Ana joins by its link. */
async function gmAndAna(phone) {
  const gm = await tablePhone(phone);
  const path = await startTable(gm.page, 'Gemma');
  const ana = await tablePhone(phone, []);
  await joinTable(ana.page, path, 'Ana');
  return { gm, ana, path };
}

test('three phones: the log reaches every phone in one order, late joiners see it, GM-only stays with the GM', async ({ phone }) => {
  const { gm, ana, path } = await gmAndAna(phone);
  await expect(people(gm.page)).toHaveCount(2);

  // Ana rolls in her tray; the roll is in the GM's log, by Ana, with its dice.
  await narrativeRoll(ana.page, 2);
  await gm.page.goto('/#/table');
  await expect(log(gm.page)).toHaveCount(1);
  await expect(log(gm.page).first()).toContainText('Ana');
  await expect(log(gm.page).first()).toContainText('2 Ability');

  // Ben joins late and sees the same log.
  const ben = await tablePhone(phone, []);
  await joinTable(ben.page, path, 'Ben');
  // He sees who is there at once, from their kept joins (presence comes once a minute).
  await expect(people(ben.page)).toHaveCount(3);
  await expect(people(ben.page).filter({ hasText: 'Gemma' })).toHaveCount(1);
  await expect(log(ben.page)).toHaveCount(1);
  await expect(log(ben.page).first()).toContainText('Ana');

  // Ben sends his next roll to the GM only: the GM sees it marked, Ana does not see it.
  await ben.page.goto('/#/narrative');
  await drawn(ben.page);
  await ben.page.getByRole('combobox', { name: 'My rolls go' }).selectOption('gm');
  await narrativeRoll(ben.page, 1);
  await gm.page.goto('/#/table');
  await expect(log(gm.page)).toHaveCount(2);
  await expect(log(gm.page).first()).toContainText('to the GM only');
  await ana.page.goto('/#/table');
  await expect(log(ana.page)).toHaveCount(1);

  // Ana rolls again and re-rolls one die: the GM's log shows that roll once, as it stands.
  await ana.page.goto('/#/narrative');
  await drawn(ana.page);
  await roll(ana.page);
  await faces(ana.page).first().click();
  await tap(ana.page, 'Re-roll picked die');
  await gm.page.goto('/#/table');
  await expect(log(gm.page).filter({ hasText: 're-rolled' })).toHaveCount(1);
  await expect(log(gm.page)).toHaveCount(3);

  // On the wire the re-roll is what it is: an `amend` of Ana's roll as first sent, why
  // `reroll`, not that roll sent again.
  const invite = readInvite(path.split('join=')[1]);
  const reader = await RelayClient.connect(relay.url);
  const opened = (await reader.query({ '#t': [invite.tag], kinds: [KIND.MESSAGE] }))
    .map((event) => ({ id: event.id, pubkey: event.pubkey, body: event.content.startsWith('t1.') ? open(invite.key, KIND.MESSAGE, event.pubkey, event.content) : null }))
    .filter((m) => m.body);
  reader.close();
  const amends = opened.filter((m) => m.body.what.amend);
  expect(amends).toHaveLength(1);
  expect(amends[0].body.what.amend.why).toBe('reroll');
  const first = opened.find((m) => m.id === amends[0].body.what.amend.of);
  expect(first?.body.what.roll, 'the roll it changes').toBeTruthy();
  expect(first.pubkey).toBe(amends[0].pubkey);
  // Its author is the key that joined as Ana (names are bound to keys, not written in rolls).
  expect(opened.find((m) => m.pubkey === first.pubkey && m.body.what.joined)?.body.what.joined.name).toBe('Ana');
  // And it follows what it names: the author's previous message (p).
  expect(opened.some((m) => m.id === amends[0].body.p)).toBe(true);

  // Every phone lists the same rolls in the same order.
  await ben.page.goto('/#/table');
  const order = async (page) => (await log(page).allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
  await expect(log(ben.page)).toHaveCount(3);
  expect(await order(ben.page)).toEqual(await order(gm.page));
});

test('one Destiny pool: with one light point left, two simultaneous flips leave exactly one refused, on every phone', async ({ phone }) => {
  const gm = await tablePhone(phone);
  const path = await startTable(gm.page, 'Gemma');
  const ana = await tablePhone(phone, []);
  const ben = await tablePhone(phone, []);
  await joinTable(ana.page, path, 'Ana');
  await joinTable(ben.page, path, 'Ben');

  // The GM starts the pool: 1 light, 2 dark.
  const pool = gm.page.getByRole('region', { name: 'Destiny pool' });
  await pool.getByRole('spinbutton', { name: 'Light' }).fill('1');
  await pool.getByRole('spinbutton', { name: 'Dark' }).fill('2');
  await pool.getByRole('spinbutton', { name: 'Dark' }).blur();
  await pool.getByRole('button', { name: 'Set the pool' }).click();
  for (const p of [gm.page, ana.page, ben.page]) await expect(poolCount(p)).toContainText('1 light, 2 dark');

  // Both players flip the last light point at once: neither has heard of the other's
  // flip (each has lost its signal for a moment), and both flips reach the table.
  await loseSignal(ana.page);
  await loseSignal(ben.page);
  await ana.page.getByRole('button', { name: 'Flip a light point' }).click();
  await ben.page.getByRole('button', { name: 'Flip a light point' }).click();
  await restoreSignal(ana.page);
  await restoreSignal(ben.page);
  // One flip counts (1 light -> 0 light, 3 dark); every phone agrees, and one flip is refused.
  for (const p of [gm.page, ana.page, ben.page]) {
    await expect(poolCount(p)).toContainText('0 light, 3 dark');
    await expect(poolLog(p).filter({ hasText: 'refused' })).toHaveCount(1);
    await expect(poolLog(p).filter({ hasText: /spent a light point/ })).toHaveCount(1);
  }
  // The GM's fields follow the flip, so Set does not quietly undo it.
  await expect(pool.getByRole('spinbutton', { name: 'Light' })).toHaveValue('0');
  await expect(pool.getByRole('spinbutton', { name: 'Dark' })).toHaveValue('3');
  // Players cannot flip a dark point; the GM can.
  await expect(ana.page.getByRole('button', { name: 'Flip a dark point' })).toHaveCount(0);
  await gm.page.getByRole('button', { name: 'Flip a dark point' }).click();
  for (const p of [gm.page, ana.page, ben.page]) await expect(poolCount(p)).toContainText('1 light, 2 dark');
  forgiveRefusedSockets(ana.page, ben.page);
});

test("the GM's side reaches the players' trays and is taken with one tap; a player's forged side is dropped", async ({ phone }) => {
  const { gm, ana, path } = await gmAndAna(phone);

  // A dishonest phone (a key that is not the GM's) sends a side sealed with the table key.
  const invite = readInvite(path.split('join=')[1]);
  const mallory = makeDevice();
  const client = await RelayClient.connect(relay.url);
  const forged = message(mallory, invite, { side: { tray: 'narrative', challenge: '5r' } }, { n: 9, by: 'Gemma' });
  expect((await client.publish(forged)).accepted).toBe(true);

  // The GM sets two difficulty dice and sends the side from Share.
  await gm.page.goto('/#/narrative');
  await drawn(gm.page);
  await tap(gm.page, 'Add difficulty die', 2);
  await gm.page.getByText('Share', { exact: true }).click();
  await gm.page.getByRole('button', { name: 'Send to the table' }).click();

  // Ana's tray offers the GM's side (two difficulty dice), never the forged five challenge dice.
  await ana.page.goto('/#/narrative');
  await drawn(ana.page);
  await tap(ana.page, 'Add ability die', 1);
  const offer = ana.page.locator('.table-side');
  // In the tray's words, never the link's.
  await expect(offer).toHaveText(/The GM's side: 2 difficulty/);
  await expect(offer).not.toContainText('2p');
  await ana.page.getByRole('button', { name: "Take the GM's side" }).click();
  await expect(ana.page.getByLabel('Pool notation')).toHaveText(/1g.*2p|2p.*1g/);
  await expect(ana.page.getByLabel('Pool notation')).not.toHaveText(/r/);
  // Taken, it is not offered again, after a reload too.
  await expect
    .poll(() => ana.page.evaluate(() => JSON.parse(localStorage.getItem('dicetray.table')).data.taken_sides.length))
    .toBe(1);
  await ana.page.reload();
  await drawn(ana.page);
  // Once the kept table is read (the count comes from it), no offer.
  await expect(ana.page.getByRole('button', { name: /Table · [1-9]\d* here/ })).toBeVisible();
  await expect(ana.page.locator('.table-side')).toHaveCount(0);
  client.close();
});

test('the relay stopped and restarted mid-session: the roll made meanwhile arrives once', async ({ phone }) => {
  const { gm, ana } = await gmAndAna(phone);
  await narrativeRoll(ana.page, 1);
  await gm.page.goto('/#/table');
  await expect(log(gm.page)).toHaveCount(1);

  await relay.stop({ keepFiles: true });
  await narrativeRoll(ana.page, 3);
  await relay.start();
  await expect(log(gm.page)).toHaveCount(2, { timeout: 30_000 });
  // The tray kept its one die: 1 + 3 Ability.
  await expect(log(gm.page).first()).toContainText('4 Ability');
  // Nothing doubled on either phone, even after both reconnect again.
  await ana.page.goto('/#/table');
  await expect(log(ana.page)).toHaveCount(2);
  await gm.page.reload();
  await drawn(gm.page);
  await expect(log(gm.page)).toHaveCount(2);
  forgiveRefusedSockets(gm.page, ana.page);
});

test('one of two relays down: the table works through the other', async ({ phone }) => {
  const second = await startRelay();
  await second.stop();
  const gm = await tablePhone(phone, [second.url, relay.url]);
  const path = await startTable(gm.page, 'Gemma');
  const ana = await tablePhone(phone, []);
  await joinTable(ana.page, path, 'Ana');
  await narrativeRoll(ana.page, 2);
  await gm.page.goto('/#/table');
  await expect(log(gm.page)).toHaveCount(1);
  await gm.page.getByText('Live table relays', { exact: true }).click();
  await expect(gm.page.locator('.table-relays li').filter({ hasText: second.url })).toContainText(/no connection|connecting/);
  await expect(gm.page.locator('.table-relays li').filter({ hasText: relay.url })).toContainText('connected');
  forgiveRefusedSockets(gm.page, ana.page);
});

test('bad input from a relay is dropped: forged signatures, wrong keys, junk, replays, far times, a flood of 1,000', async ({ phone }) => {
  const { gm, ana, path } = await gmAndAna(phone);
  await narrativeRoll(ana.page, 1);
  await gm.page.goto('/#/table');
  await expect(log(gm.page)).toHaveCount(1);

  const invite = readInvite(path.split('join=')[1]);
  const intruder = makeDevice();
  const roll = { roll: { tray: 'narrative', label: 'x', roll: 'not a roll' } };
  // A seal made with another key, a plaintext that is not a message, an event 9 days old
  // (relays take it), and last one dated a day ahead (the relay refuses it, and then slows
  // that connection down: the rest go through another one).
  const first = await RelayClient.connect(relay.url);
  const otherKey = { ...invite, key: new Uint8Array(32).fill(7) };
  expect((await first.publish(message(intruder, otherKey, roll, { n: 2, by: 'Eve' }))).accepted).toBe(true);
  const notMessage = seal(invite.key, KIND.MESSAGE, intruder.pubkey, 'not json');
  expect((await first.publish(signEvent(intruder, { kind: KIND.MESSAGE, tags: [['t', invite.tag]], content: notMessage }))).accepted).toBe(true);
  const old = message(intruder, invite, roll, { n: 3, by: 'Eve', created_at: now() - 9 * 86_400 });
  expect((await first.publish(old)).accepted).toBe(true);
  await first.publish(message(intruder, invite, roll, { n: 4, by: 'Eve', created_at: now() + 86_400 }));
  first.close();
  // A flood of 1,000 well-signed events whose seals do not open.
  const client = await RelayClient.connect(relay.url);
  const flood = [];
  for (let i = 0; i < 1000; i += 1) {
    flood.push(signEvent(intruder, { kind: KIND.MESSAGE, tags: [['t', invite.tag]], content: `t1.${'A'.repeat(40)}${i}` }));
  }
  for (const event of flood) client.send(JSON.stringify(['EVENT', event]));
  await expect.poll(() => client.received.filter((m) => Array.isArray(m) && m[0] === 'OK').length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1000);
  // A replay of Ana's own events, taken from the relay: the relay calls them duplicates, and
  // the phones have seen their ids.
  const stored = await client.query([{ kinds: [KIND.MESSAGE], '#t': [invite.tag], authors: [], limit: 5000 }].map(({ authors, ...f }) => f));
  const anas = stored.filter((e) => e.pubkey !== intruder.pubkey);
  expect(anas.length).toBeGreaterThan(0);
  for (const event of anas) client.send(JSON.stringify(['EVENT', event]));
  // The GM's log holds Ana's roll only, and the page still answers.
  await gm.page.reload();
  await drawn(gm.page);
  await expect(log(gm.page)).toHaveCount(1);
  await expect(log(gm.page).first()).toContainText('Ana');
  await narrativeRoll(ana.page, 2);
  await gm.page.goto('/#/table');
  await expect(log(gm.page)).toHaveCount(2);
  client.close();
});

test('a hidden phone comes back: it reconnects and catches up', async ({ phone }) => {
  const { gm, ana } = await gmAndAna(phone);
  // The GM's phone is frozen as a background tab is, and its sockets are cut.
  const cdp = await gm.context.newCDPSession(gm.page);
  await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
  await narrativeRoll(ana.page, 2);
  await cdp.send('Page.setWebLifecycleState', { state: 'active' });
  await gm.page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(log(gm.page)).toHaveCount(1, { timeout: 20_000 });
  // Reloaded, the GM is still at the table with the same log.
  await gm.page.reload();
  await drawn(gm.page);
  await expect(log(gm.page)).toHaveCount(1);
  await expect(gm.page.getByText('You are the GM of this table.')).toBeVisible();
});

test('two tabs of one phone: one connection, a roll made in either reaches the table, leaving in one leaves in both', async ({ phone }) => {
  const { gm, ana } = await gmAndAna(phone);
  const second = await ana.context.newPage();
  await second.goto('/#/table');
  await drawn(second);
  await expect(second.getByRole('region', { name: 'At the table' })).toBeVisible();
  await narrativeRoll(ana.page, 2);
  await expect(log(second)).toHaveCount(1);
  await expect(log(gm.page)).toHaveCount(1);
  // The second tab holds no connection (Web Locks): its roll goes out through the first.
  await narrativeRoll(second, 1);
  await expect(log(gm.page)).toHaveCount(2);
  await expect(log(gm.page).first()).toContainText('3 Ability');
  await ana.page.goto('/#/table');
  await expect(log(ana.page)).toHaveCount(2);
  await ana.page.getByRole('button', { name: 'Leave the table' }).click();
  await ana.page.getByRole('button', { name: 'Leave', exact: true }).click();
  // The second tab, in its tray, loses the table's line; its Table page offers a new table.
  await expect(second.getByRole('group', { name: 'Live table' })).toHaveCount(0);
  await second.goto('/#/table');
  await expect(second.getByRole('button', { name: 'Start a table' })).toBeVisible();
});

test('the GM hands the role over, then the new GM ends the table for everyone', async ({ phone }) => {
  const { gm, ana } = await gmAndAna(phone);
  await expect(people(gm.page)).toHaveCount(2);
  await gm.page.getByRole('combobox', { name: 'Hand the GM role to' }).selectOption({ label: 'Ana' });
  await gm.page.getByRole('button', { name: 'Hand over' }).click();
  await expect(ana.page.getByText('You are the GM of this table.')).toBeVisible();
  await expect(gm.page.getByText('You are the GM of this table.')).toHaveCount(0);
  await expect(gm.page.getByRole('button', { name: 'Flip a dark point' })).toHaveCount(0);
  await ana.page.getByRole('button', { name: 'End the table' }).click();
  await ana.page.getByRole('button', { name: 'End it', exact: true }).click();
  await expect(gm.page.getByText('The GM has ended this table.')).toBeVisible();
});

test("a tray's story points are the table's Destiny pool: set by the GM, a player's spend flips it on every phone", async ({ phone }) => {
  const { gm, ana } = await gmAndAna(phone);
  const pool = gm.page.getByRole('region', { name: 'Destiny pool' });
  await pool.getByRole('spinbutton', { name: 'Light' }).fill('1');
  await pool.getByRole('spinbutton', { name: 'Dark' }).fill('2');
  await pool.getByRole('button', { name: 'Set the pool' }).click();
  await expect(poolCount(ana.page)).toContainText('1 light, 2 dark');

  // Ana's narrative tray shows the table's pool in its Story points fold, and spends from it.
  await ana.page.goto('/#/narrative');
  await drawn(ana.page);
  await tap(ana.page, 'Add ability die', 1);
  await ana.page.locator('summary', { hasText: 'Story points' }).click();
  const note = ana.page.locator('details.fold', { hasText: 'Story points' }).locator('.fold-note');
  await expect(note).toHaveText('1 light, 2 dark');
  await tap(ana.page, 'Spend a light side point');
  // The flip reached the table: 0 light, 3 dark on the GM's phone, and in Ana's fold.
  await expect(poolCount(gm.page)).toContainText('0 light, 3 dark');
  await expect(poolLog(gm.page).filter({ hasText: 'spent a light point' })).toHaveCount(1);
  await expect(note).toHaveText('0 light, 3 dark');
  // Undo in the tray takes the flip back at the table too.
  await dock(ana.page).getByRole('button', { name: 'Undo' }).click();
  await expect(note).toHaveText('1 light, 2 dark');
  await expect(poolCount(gm.page)).toContainText('1 light, 2 dark');
  await expect(poolLog(gm.page).filter({ hasText: 'taken back' })).toHaveCount(1);
});

test("the GM sets the pool from a tray's Story points with one Set: the table hears one change, not one per tap", async ({ phone }) => {
  const { gm, ana } = await gmAndAna(phone);
  await gm.page.goto('/#/narrative');
  await drawn(gm.page);
  await gm.page.locator('summary', { hasText: 'Story points' }).click();
  await tap(gm.page, 'One light side point more', 3);
  await tap(gm.page, 'One dark side point more', 2);
  await tap(gm.page, 'One dark side point fewer');
  const draft = gm.page.locator('.story-draft');
  await expect(draft, 'the taps make a draft').toContainText('Not set yet: 3 light, 1 dark');
  await draft.getByRole('button', { name: 'Set the pool' }).click();
  await expect(poolCount(ana.page)).toContainText('3 light, 1 dark');
  await expect(poolLog(ana.page).filter({ hasText: 'set the Destiny pool' }), 'one change, not six').toHaveCount(1);
  await expect(draft, 'nothing left to set').toHaveCount(0);
});

test("Settings keeps the relays for the tables this phone starts, refusing what is not a relay, and a table's link carries them", async ({ phone }) => {
  const { page } = await phone();
  await page.goto('/#/characters');
  await drawn(page);
  await page.locator('summary', { hasText: 'Settings' }).click();
  await page.getByText('Live table relays', { exact: true }).click();
  const field = page.getByRole('textbox', { name: /^Relays for tables I start/ });
  await field.fill('https://example.org');
  await page.getByRole('button', { name: 'Save relays' }).click();
  await expect(page.locator('.snackbar')).toContainText('is not a relay address');
  await field.fill(relay.url);
  await page.getByRole('button', { name: 'Save relays' }).click();
  await expect(page.locator('.snackbar')).toContainText('Tables you start from now on use these relays.');
  // A table started now names that relay in its link.
  const path = await startTable(page, 'Gemma');
  expect(readInvite(path.split('join=')[1]).relays).toEqual([relay.url]);
});

test('the Table page opens without the protocol\'s code, which comes when a table is started', async ({ phone }) => {
  const { page } = await tablePhone(phone);
  const fetched = [];
  page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname.split('/').pop()));
  await page.goto('/#/table');
  await drawn(page);
  await expect(page.getByRole('button', { name: 'Start a table' })).toBeVisible();
  expect(fetched).toContain('pack_table.wasm');
  expect(fetched.filter((name) => /table_core/.test(name))).toEqual([]);
  await page.getByRole('textbox', { name: 'Your name at the table' }).fill('Gemma');
  await page.getByRole('button', { name: 'Start a table' }).click();
  await expect(page.getByRole('textbox', { name: 'Table link' })).toHaveValue(/#\/table\?join=/);
  expect(fetched).toContain('split_table_core.wasm');
});

test('Start a table in a tray with no character asks for the name first, focused, then starts', async ({ phone }) => {
  const { page } = await tablePhone(phone);
  await page.goto('/#/narrative');
  await drawn(page);
  await page.getByText('Share', { exact: true }).click();
  await page.getByRole('button', { name: 'Start a table' }).click();
  const name = page.getByRole('textbox', { name: 'Your name at the table' });
  await expect(name).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Give the name the table will see' })).toBeVisible();
  await page.keyboard.type('Gemma');
  await page.getByRole('button', { name: 'Start a table' }).click();
  await expect(page.getByRole('textbox', { name: 'Table link' })).toHaveValue(/#\/table\?join=/);
});

test('a message that answers a tap shows by what was tapped, clear of its row, and goes to the foot when that moves or goes', async ({ phone }) => {
  const height = 844; // the phone's screen
  /** Where `message` is from `control`: both whole on screen, the message clear of `row` (the control's own by default). */
  const placed = async (control, message, row = control) => {
    const [b, r, m] = [await control.boundingBox(), await row.boundingBox(), await message.boundingBox()];
    expect(m.y >= 0 && m.y + m.height <= height, `the message on screen (y ${m.y})`).toBeTruthy();
    if (m.y >= b.y + b.height) return { side: 'below', gap: Math.round(m.y - (b.y + b.height)) };
    if (m.y + m.height <= r.y) return { side: 'above', gap: Math.round(r.y - (m.y + m.height)) };
    return { side: 'over', gap: 0 };
  };
  const atFoot = async (message) => {
    const m = await message.boundingBox();
    return Math.round(height - (m.y + m.height));
  };
  const { gm } = await gmAndAna(phone);
  const message = gm.page.locator('.snackbar-message');
  // High on the screen: Copy link, answered just below it. Ana's coming is drawn first (it
  // lengthens the log above the link), and the link is brought to the middle of the screen,
  // so where it is does not hang on when her message arrived.
  await expect(people(gm.page)).toHaveCount(2);
  const copy = gm.page.getByRole('button', { name: 'Copy link' });
  await copy.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await copy.click();
  await expect(message).toHaveText(/copied|could not copy/i);
  await expect.poll(() => placed(copy, message)).toEqual({ side: 'below', gap: 8 });
  // A scroll moves the button away: the message goes to the foot of the screen (12 px). (Up:
  // the invite is below the log, so the tap scrolled the page to its end.)
  await gm.page.mouse.wheel(0, -300);
  await expect.poll(() => atFoot(message)).toBe(12);

  // At the foot of the screen: Hand over with nobody chosen, answered above its row (the
  // list of players and its label stay in sight).
  const handOver = gm.page.getByRole('button', { name: 'Hand over' });
  const row = gm.page.locator('.table-leave .pool-set');
  await handOver.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await handOver.click();
  await expect(message).toHaveText('Choose the player who becomes the GM first.');
  await expect.poll(() => placed(handOver, message, row)).toEqual({ side: 'above', gap: 8 });
  // Handed over: the GM's controls go with the answer, so the message is at the foot, not
  // left where they were.
  await gm.page.getByRole('combobox', { name: 'Hand the GM role to' }).selectOption({ label: 'Ana' });
  await handOver.click();
  await expect(message).toHaveText('Ana is the GM now.');
  await expect(handOver).toHaveCount(0);
  await expect.poll(() => atFoot(message)).toBe(12);

  // Not at a table: Join with no link pasted, answered below it, by pointer and by keyboard.
  const { page } = await phone();
  await page.goto('/#/table');
  await drawn(page);
  const join = page.getByRole('button', { name: 'Join', exact: true });
  const said = page.locator('.snackbar-message');
  await join.click();
  await expect(said).toHaveText(/^Paste the table's link first/);
  await expect.poll(() => placed(join, said)).toEqual({ side: 'below', gap: 8 });
  await page.reload();
  await drawn(page);
  await join.focus();
  await page.keyboard.press('Enter');
  await expect(said).toHaveText(/^Paste the table's link first/);
  await expect.poll(() => placed(join, said)).toEqual({ side: 'below', gap: 8 });
  // A link pasted but no name: the name field is focused, and the message is by it.
  await page.getByRole('textbox', { name: "The table's link" }).fill('http://127.0.0.1/#/table?join=xyz');
  await join.click();
  const name = page.getByRole('textbox', { name: 'Your name at the table' });
  await expect(name).toBeFocused();
  await expect(said).toHaveText('First give the name the table will see beside your rolls.');
  // Above the field and its label, so the button just tapped stays in sight.
  const nameRow = page.locator('label.field', { has: name });
  await expect.poll(() => placed(name, said, nameRow), 'by the name field').toEqual({ side: 'above', gap: 8 });

  // On Characters, a Level refused when the field is left for another button is said by
  // the field, not by that button.
  await page.goto('/#/characters');
  await drawn(page);
  await page.getByRole('textbox', { name: 'Character name' }).fill('Mira');
  await page.getByRole('button', { name: 'Create character' }).click();
  const level = page.getByRole('spinbutton', { name: 'Level of Mira' });
  await level.fill('200');
  await page.getByRole('button', { name: 'Rename Mira' }).click();
  await expect(said).toHaveText(/Level must be 0 to 100/);
  await expect.poll(async () => (await placed(level, said)).gap, 'by the Level field').toBe(8);
  expect((await placed(level, said)).side).not.toBe('over');
  // Removed: its button is gone, so the message is at the foot; so is the answer to the
  // message's own Undo, which is not a control on the page.
  await level.fill('7');
  await page.getByRole('button', { name: 'Remove Mira' }).click();
  await page.getByRole('group', { name: 'Remove Mira?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(said).toHaveText('Removed “Mira”.Undo');
  await expect.poll(() => atFoot(said)).toBe(12);
  await said.getByRole('button', { name: 'Undo' }).click();
  await expect(said).toHaveText('“Mira” is back.');
  await expect.poll(() => atFoot(said)).toBe(12);
});
