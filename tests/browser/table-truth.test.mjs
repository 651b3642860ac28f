// One truth at the table: four phones in Chromium on a real relay on 127.0.0.1, and test
// clients playing members honest or not. Every phone, whenever it joins, whatever its clock
// and however often it lost its signal, shows the same table. Expected values come from the
// test: the pools it set, the rolls it made, the events it forged.
import { WebSocketServer } from 'ws';
import { expect, test } from './fixtures.mjs';
import { drawn } from './harness.mjs';
import { freePort } from './relay.mjs';
import {
  forgiveRefusedSockets,
  gmAndPlayers,
  inviteOf,
  joinTable,
  keptTable,
  logEntries,
  logText,
  loseSignal,
  narrativeRoll,
  people,
  poolCount,
  publishAll,
  restoreSignal,
  rolls,
  setPool,
  sharedRelay,
  startTable,
  tableEvents,
  tablePhone,
} from './table-helpers.mjs';
import { Member, RelayClient, hexToBytes, makeDevice, message, now } from './table-client.mjs';
import { labelField } from './narrative-helpers.mjs';

test.describe.configure({ mode: 'serial' });

const relay = sharedRelay(test);

/** GM Gemma starts; the players join by her link; every phone lists them all. */
async function table(phone, ...names) {
  const { gm, players, path } = await gmAndPlayers(phone, relay, ...names);
  for (const p of [gm, ...players]) await expect(people(p.page)).toHaveCount(names.length + 1);
  return { gm, players, path, invite: inviteOf(path) };
}

test('a late joiner after a hand-over and pool changes sees the same table, and her roll for the GM reaches the new GM only', async ({ phone }) => {
  const { gm, players: [ana, ben], path } = await table(phone, 'Ana', 'Ben');
  await setPool(gm.page, 2, 3);
  await expect(poolCount(ana.page)).toContainText('2 light, 3 dark');
  await ana.page.getByRole('button', { name: 'Flip a light point' }).click();
  await expect(poolCount(gm.page)).toContainText('1 light, 4 dark');
  await gm.page.getByRole('button', { name: 'Flip a dark point' }).click();
  await expect(poolCount(ben.page)).toContainText('2 light, 3 dark');

  // Gemma hands the GM role to Ana, who sets the pool.
  await gm.page.getByRole('combobox', { name: 'Hand the GM role to' }).selectOption({ label: 'Ana' });
  await gm.page.getByRole('button', { name: 'Hand over' }).click();
  await expect(ana.page.getByText('You are the GM of this table.')).toBeVisible();
  await expect(ben.page.getByText("You are at Ana's table.")).toBeVisible();
  await setPool(ana.page, 4, 4);
  for (const p of [gm, ben]) await expect(poolCount(p.page)).toContainText('4 light, 4 dark');

  // Cleo joins late by the first link: Ana is the GM, the pool is Ana's, the log the same.
  const cleo = await tablePhone(phone, []);
  await joinTable(cleo.page, path, 'Cleo');
  await expect(cleo.page.getByText("You are at Ana's table.")).toBeVisible();
  await expect(poolCount(cleo.page)).toContainText('4 light, 4 dark');
  for (const p of [gm, ana, ben, cleo]) await expect(people(p.page)).toHaveCount(4);
  await expect.poll(() => logText(cleo.page)).toEqual(await logText(ana.page));
  expect(await logText(ana.page)).toContainEqual(expect.stringMatching(/^Gemma\s*\d\d:\d\d\s*handed the GM role to Ana/));

  // Her roll for the GM alone is sealed for Ana, whom her phone knows as GM.
  await cleo.page.goto('/#/narrative');
  await drawn(cleo.page);
  await cleo.page.getByRole('combobox', { name: 'My rolls go' }).selectOption('gm');
  await narrativeRoll(cleo.page, 3);
  // Then one for everyone, so each phone that holds it has had the first too.
  await cleo.page.getByRole('combobox', { name: 'My rolls go' }).selectOption('table');
  await narrativeRoll(cleo.page, 1);
  await ana.page.goto('/#/table');
  await expect(rolls(ana.page)).toHaveCount(2);
  await expect(rolls(ana.page).filter({ hasText: 'to the GM only' })).toContainText('3 Ability');
  for (const p of [gm, ben]) {
    await p.page.goto('/#/table');
    await expect(rolls(p.page)).toHaveCount(1);
    await expect(rolls(p.page).filter({ hasText: 'to the GM only' })).toHaveCount(0);
  }
  // Reloaded, Cleo's phone shows the same.
  await cleo.page.goto('/#/table');
  await cleo.page.reload();
  await drawn(cleo.page);
  await expect(poolCount(cleo.page)).toContainText('4 light, 4 dark');
  await expect(cleo.page.getByText("You are at Ana's table.")).toBeVisible();
});

test('a phone whose clock runs 10 minutes fast joins late, loses its signal, and comes back: every phone agrees', async ({ phone }) => {
  const { gm, players: [ana], path } = await table(phone, 'Ana');
  await narrativeRoll(ana.page, 1);
  const dan = await tablePhone(phone, [], { clockMs: 10 * 60_000 });
  await joinTable(dan.page, path, 'Dan');
  await expect(rolls(dan.page)).toHaveCount(1);
  await narrativeRoll(dan.page, 2);
  await gm.page.goto('/#/table');
  await expect(rolls(gm.page)).toHaveCount(2);
  // Ana rolls after Dan's roll reached her: hers comes after his, on every phone.
  await ana.page.goto('/#/table');
  await expect(rolls(ana.page)).toHaveCount(2);
  await narrativeRoll(ana.page, 3);
  await expect(rolls(gm.page)).toHaveCount(3);
  await expect(rolls(gm.page).first()).toContainText('Ana');

  // Dan loses his signal; Ana rolls, and so does Dan.
  await dan.page.goto('/#/table');
  await loseSignal(dan.page);
  await narrativeRoll(ana.page, 1);
  await expect(rolls(gm.page)).toHaveCount(4);
  await narrativeRoll(dan.page, 1);
  await dan.page.goto('/#/table');
  await expect(rolls(dan.page)).toHaveCount(4);
  // Back: he has Ana's roll, and his reached the others.
  await restoreSignal(dan.page);
  await expect(rolls(dan.page)).toHaveCount(5, { timeout: 20_000 });
  await expect(rolls(gm.page)).toHaveCount(5, { timeout: 20_000 });
  await expect.poll(() => logText(dan.page)).toEqual(await logText(gm.page));
  await ana.page.goto('/#/table');
  await expect.poll(() => logText(ana.page)).toEqual(await logText(gm.page));
  forgiveRefusedSockets(dan.page);
});

test('a phone offline past 100 newer messages: its late rolls are left out on every phone alike', async ({ phone }) => {
  const { gm, players: [ana], path, invite } = await table(phone, 'Ana');
  await narrativeRoll(ana.page, 1);
  await expect(rolls(gm.page)).toHaveCount(1);
  // A member played by the test rolls 160 times while Ana is offline, with a roll as the
  // app writes it (Ana's own).
  const events = await tableEvents(relay, invite);
  const anaRoll = events.find((e) => e.body?.what?.roll);
  const bot = new Member(invite).see(events.map((e) => e.event));
  await loseSignal(ana.page);
  await ana.page.goto('/#/narrative');
  await drawn(ana.page);
  await labelField(ana.page).fill('offline');
  await narrativeRoll(ana.page, 2);
  const burst = [bot.say({ joined: { name: 'Bot' } })];
  for (let i = 0; i < 160; i += 1) burst.push(bot.say({ roll: anaRoll.body.what.roll }));
  await publishAll(relay, burst);
  // The GM's phone holds them all, and has cut the log at the newest 100.
  const byBot = (page) => rolls(page).filter({ hasText: 'Bot' });
  await gm.page.goto('/#/table');
  await expect(byBot(gm.page)).toHaveCount(100, { timeout: 20_000 });
  await expect.poll(async () => (await keptTable(gm.page)).held.some((h) => h.msg.what.checkpoint?.cut)).toBe(true);
  // Ana comes back: her roll made offline is older than the cut, so no phone shows it.
  await restoreSignal(ana.page);
  await ana.page.goto('/#/table');
  await expect(byBot(ana.page)).toHaveCount(100, { timeout: 20_000 });
  const cleo = await tablePhone(phone, []);
  await joinTable(cleo.page, path, 'Cleo');
  await expect(byBot(cleo.page)).toHaveCount(99, { timeout: 20_000 });
  for (const p of [gm, ana]) await expect(people(p.page)).toHaveCount(4);
  await expect.poll(() => logText(ana.page)).toEqual(await logText(gm.page));
  await expect.poll(() => logText(cleo.page)).toEqual(await logText(gm.page));
  for (const p of [gm, ana, cleo]) await expect(rolls(p.page).filter({ hasText: 'offline' })).toHaveCount(0);
  // It reached the relay all the same (the outbox sent it): the phones left it out.
  expect((await tableEvents(relay, invite)).some((e) => e.body?.what?.roll?.label === 'offline')).toBe(true);
  forgiveRefusedSockets(ana.page);
});

test("a former GM's forged acts change no phone: a pool and a hand-over placed before the real hand-over, a side after it", async ({ phone }) => {
  const { gm, players: [ana, ben], path, invite } = await table(phone, 'Ana', 'Ben');
  await setPool(gm.page, 2, 3);
  await gm.page.getByRole('combobox', { name: 'Hand the GM role to' }).selectOption({ label: 'Ana' });
  await gm.page.getByRole('button', { name: 'Hand over' }).click();
  await expect(ana.page.getByText('You are the GM of this table.')).toBeVisible();
  await setPool(ana.page, 4, 4);
  await expect(poolCount(ben.page)).toContainText('4 light, 4 dark');

  // Gemma's key, as her phone keeps it, and her own messages on the relay.
  const kept = await keptTable(gm.page);
  const gemma = makeDevice(hexToBytes(kept.me));
  const hers = (await tableEvents(relay, invite)).filter((e) => e.event.pubkey === gemma.pubkey && e.body);
  const root = hers.find((e) => e.body.what.joined);
  const handOver = hers.find((e) => e.body.what.gm);
  const benKey = (await keptTable(ben.page)).held.find((h) => h.msg.what.joined?.name === 'Ben').author;
  const at = (t, p, what, created_at = now()) => message(gemma, invite, what, { t, p, a: '', created_at });
  await publishAll(relay, [
    at(root.body.t + 5, root.event.id, { points: { light: 20, dark: 0 } }),
    at(root.body.t + 6, root.event.id, { gm: { to: benKey, after: '' } }),
    at(handOver.body.t + 1_000, handOver.event.id, { side: { tray: 'narrative', challenge: '5r' } }),
    at(handOver.body.t + 2_000, handOver.event.id, { end: {} }),
  ]);
  // Ben rolls after: every phone that holds his roll has had the forgeries.
  await narrativeRoll(ben.page, 1);
  const dan = await tablePhone(phone, []);
  await joinTable(dan.page, path, 'Dan');
  for (const p of [gm, ana, ben, dan]) {
    await p.page.goto('/#/table');
    await expect(rolls(p.page)).toHaveCount(1);
    await expect(poolCount(p.page)).toContainText('4 light, 4 dark');
    await expect(p.page.getByText('The GM has ended this table.')).toHaveCount(0);
  }
  await expect(ana.page.getByText('You are the GM of this table.')).toBeVisible();
  for (const p of [gm, ben, dan]) await expect(p.page.getByText("You are at Ana's table.")).toBeVisible();
  // No GM's side reached a tray.
  await ben.page.goto('/#/narrative');
  await drawn(ben.page);
  await expect(ben.page.locator('.table-side')).toHaveCount(0);
});

test('after 1,000 junk events from keys that never joined, dated now and 15 minutes ahead, a phone joining shows the whole table', async ({ phone }) => {
  const { gm, players: [ana, ben], path, invite } = await table(phone, 'Ana', 'Ben');
  await setPool(gm.page, 1, 2);
  await narrativeRoll(ana.page, 2);
  await narrativeRoll(ben.page, 1);
  await gm.page.goto('/#/table');
  await expect(rolls(gm.page)).toHaveCount(2);
  // Sealed with the table key (a leaked link), signed by 50 keys that never joined.
  const strangers = Array.from({ length: 50 }, () => new Member(invite));
  const junk = [];
  for (let i = 0; i < 1000; i += 1) {
    const created_at = now() + (i % 2 ? 15 * 60 : 0);
    junk.push(strangers[i % 50].say({ roll: { tray: 'narrative', label: `junk ${i}`, roll: 'x' } }, { created_at, t: created_at * 1000 }));
  }
  const client = await RelayClient.connect(relay.url);
  for (const event of junk) client.send(JSON.stringify(['EVENT', event]));
  await expect.poll(() => client.received.filter((m) => Array.isArray(m) && m[0] === 'OK').length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1000);
  await client.close();

  const cleo = await tablePhone(phone, []);
  await joinTable(cleo.page, path, 'Cleo');
  await expect(people(cleo.page)).toHaveCount(4);
  await expect(poolCount(cleo.page)).toContainText('1 light, 2 dark');
  await expect(rolls(cleo.page)).toHaveCount(2);
  await expect(people(gm.page)).toHaveCount(4);
  await expect.poll(() => logText(cleo.page)).toEqual(await logText(gm.page));
  await expect(rolls(cleo.page).filter({ hasText: 'junk' })).toHaveCount(0);
});

test('a relay that sends oversized frames and floods is cut off; the table goes on through the other', async ({ phone }) => {
  // The test's own relay: it answers anything with a frame of 100 KB, then 700 KB in a second.
  const port = await freePort();
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  const big = JSON.stringify(['EVENT', 'live', { id: 'x', content: 'y'.repeat(100_000) }]);
  const small = JSON.stringify(['NOTICE', 'z'.repeat(7_000)]);
  server.on('connection', (socket) => {
    socket.on('message', () => {
      socket.send(big);
      for (let i = 0; i < 100; i += 1) socket.send(small);
    });
  });
  try {
    const gm = await tablePhone(phone, [`ws://127.0.0.1:${port}`, relay.url]);
    const path = await startTable(gm.page, 'Gemma');
    const ana = await tablePhone(phone, []);
    await joinTable(ana.page, path, 'Ana');
    await narrativeRoll(ana.page, 2);
    await gm.page.goto('/#/table');
    await expect(rolls(gm.page)).toHaveCount(1);
    await gm.page.getByText('Live table relays', { exact: true }).click();
    const flooder = gm.page.locator('.table-relays li').filter({ hasText: `127.0.0.1:${port}` });
    await expect(flooder).toContainText(/cut off|no connection|connecting|connected/);
    await expect(gm.page.locator('.table-relays li').filter({ hasText: relay.url })).toContainText('connected');
    // And the app still answers.
    await narrativeRoll(ana.page, 1);
    await gm.page.goto('/#/table');
    await expect(rolls(gm.page)).toHaveCount(2);
  } finally {
    server.close();
  }
});

test('leaving is a message: every phone shows who left', async ({ phone }) => {
  const { gm, players: [ana, ben] } = await table(phone, 'Ana', 'Ben');
  await ben.page.getByRole('button', { name: 'Leave the table' }).click();
  await ben.page.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(ben.page.getByRole('button', { name: 'Start a table' })).toBeVisible();
  for (const p of [gm, ana]) {
    await expect(people(p.page)).toHaveCount(2);
    await expect(people(p.page).filter({ hasText: 'Ben' })).toHaveCount(0);
    await expect(logEntries(p.page).filter({ hasText: /^Ben.*left the table/ })).toHaveCount(1);
  }
  // The GM has no Leave while others are there: she hands over first, or ends the table.
  await expect(gm.page.getByRole('button', { name: 'Leave the table' })).toHaveCount(0);
});

test('a table kept by an older Dicetray is told plainly to start anew, and nothing else of the phone is touched', async ({ phone }) => {
  const { readFile } = await import('node:fs/promises');
  const v1 = (await readFile(new URL('../fixtures/table-v1.json', import.meta.url), 'utf8')).trim();
  const history = (await readFile(new URL('../fixtures/history-v8.json', import.meta.url), 'utf8')).trim();
  const { context, page } = await phone();
  await context.addInitScript(
    ([table, rolls]) => {
      if (location.protocol !== 'http:' || localStorage.getItem('dicetray.table')) return;
      localStorage.setItem('dicetray.table', table);
      localStorage.setItem('dicetray.history', rolls);
    },
    [v1, history],
  );
  await page.goto('/#/table');
  await drawn(page);
  const told = page.getByRole('alert').filter({ hasText: 'made by an older Dicetray' });
  await expect(told).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start a table' })).toBeVisible();
  // History is as it was; the table's own choices (where rolls go, the relays) are kept.
  expect(await page.evaluate(() => localStorage.getItem('dicetray.history'))).toBe(history);
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('dicetray.table')));
  expect(kept.version).toBe(2);
  expect(kept.data.send_to).toBe('gm');
  expect(kept.data.relays).toEqual(['wss://relay.example.org']);
  // Read, it goes.
  await told.getByRole('button', { name: 'OK' }).click();
  await expect(told).toHaveCount(0);
  await page.reload();
  await drawn(page);
  await expect(page.getByRole('button', { name: 'Start a table' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'older Dicetray' })).toHaveCount(0);
});
