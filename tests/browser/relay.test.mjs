// The live table's transport, with no page: a real relay on loopback (relay.mjs, the Python
// nostr-relay) and the Node test client (table-client.mjs) speaking docs/table-protocol.md.
// These tests hold what the relay does for the table's events, so the app's tests can rely on
// it, and check the client's seals against @noble/ciphers directly. They need the relay's
// venv (scripts/setup --browser) but neither the app's build nor Chromium: no test here asks
// for a page, so Playwright starts no browser.
import { test as base, expect } from '@playwright/test';
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { readFile } from 'node:fs/promises';
import { fixtures } from './make-table-fixtures.mjs';
import { startRelay } from './relay.mjs';
import {
  KIND,
  RelayClient,
  fromBase64url,
  gmOnlyKey,
  makeDevice,
  makeTable,
  message,
  now,
  open,
  openGmOnly,
  readInvite,
  seal,
  signEvent,
  verifyEvent,
} from './table-client.mjs';

const ROLL = { roll: { tray: 'd6', label: 'Hold the gate', roll: '4 base: 6 5 3 2' } };

const test = base.extend({
  // One relay per worker; every test makes its own table (its own tag), so they never meet.
  relay: [
    async ({}, use) => {
      const relay = await startRelay();
      await use(relay);
      await relay.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // Opens connections to a relay and closes them all at the end of the test.
  connect: async ({ relay }, use) => {
    const clients = [];
    await use(async (url = relay.url) => {
      const client = await RelayClient.connect(url);
      clients.push(client);
      return client;
    });
    for (const client of clients) await client.close();
  },
});

/** Opens a t1 content with @noble/ciphers directly, not through the client. */
function openDirect(key, kind, pubkey, content) {
  expect(content.startsWith('t1.')).toBe(true);
  const raw = fromBase64url(content.slice(3));
  const plain = xchacha20poly1305(key, raw.slice(0, 24), utf8ToBytes(`dicetray:${kind}:${pubkey}`)).decrypt(raw.slice(24));
  return JSON.parse(new TextDecoder().decode(plain));
}

test.describe('the relay keeps and serves the table\'s events', () => {
  test('a table message is stored and returned by its #t filter, live and later', async ({ relay, connect }) => {
    const table = makeTable({ relays: [relay.url] });
    const other = makeTable({ relays: [relay.url] });
    const player = makeDevice();
    const watcher = await connect();
    const live = watcher.subscribe({ '#t': [table.tag] });
    expect(await live.stored(), 'nothing stored for a new table').toEqual([]);

    const sent = message(player, table, ROLL, { t: 1_800_000_000_000, p: 'ab'.repeat(32), a: 'cd'.repeat(32) });
    expect(verifyEvent(sent)).toBe(true);
    expect(sent.tags, 'the table tag first, then the expiry').toEqual([
      ['t', table.tag],
      ['expiration', String(sent.created_at + 604_800)],
    ]);
    const publisher = await connect();
    expect(await publisher.publish(sent)).toMatchObject({ accepted: true, message: '' });
    await publisher.publish(message(player, other, ROLL));

    expect(await live.find((event) => event.id === sent.id), 'a subscriber hears it live').toEqual(sent);
    const later = await (await connect()).query({ '#t': [table.tag] });
    expect(later, 'stored, unchanged, and only this table\'s').toEqual([sent]);
    expect(open(table.key, KIND.MESSAGE, player.pubkey, later[0].content)).toEqual({ v: 2, t: 1_800_000_000_000, p: 'ab'.repeat(32), a: 'cd'.repeat(32), what: ROLL });

    // The same event again (a second phone relaying it, a replay) is not stored twice.
    expect(await publisher.publish(sent)).toEqual({ accepted: false, message: 'duplicate: exists', id: sent.id });
  });

  test('a bad signature is refused, with an empty id in its OK', async ({ relay, connect }) => {
    const table = makeTable();
    const player = makeDevice();
    const good = message(player, table, ROLL);
    const forged = { ...good, sig: message(player, table, ROLL).sig };
    const result = await (await connect()).publish(forged);
    expect(result, 'refused; the relay names no event in its answer').toEqual({ accepted: false, message: 'invalid: Bad signature', id: '' });
    // Content changed after signing: the signature no longer covers it.
    const tampered = { ...good, content: seal(table.key, KIND.MESSAGE, player.pubkey, { v: 2, t: 9, p: '', a: '', what: ROLL }) };
    expect(await (await connect()).publish(tampered)).toMatchObject({ accepted: false, message: 'invalid: Bad signature' });
    expect(await (await connect()).query({ '#t': [table.tag] }), 'nothing stored').toEqual([]);
  });

  test('quirk: an event whose id is wrong but whose signature is good is stored as sent', async ({ connect }) => {
    // nostr-relay checks the signature against the id it computes, never the id it was sent:
    // phones must check ids themselves (the protocol drops "a wrong id").
    const table = makeTable();
    const player = makeDevice();
    const event = message(player, table, ROLL);
    const wrongId = { ...event, id: 'ab'.repeat(32) };
    expect(await (await connect()).publish(wrongId)).toMatchObject({ accepted: true });
    const [stored] = await (await connect()).query({ '#t': [table.tag] });
    expect(stored.id).toBe(wrongId.id);
    expect(verifyEvent(stored), 'the client finds it wrong').toBe(false);
  });

  test('quirk: some control characters (U+001F) make the relay compute another id', async ({ connect }) => {
    // Its JSON writer escapes U+0001 as \u0001 but U+001F as \u001F (upper case), where
    // serde_json and JSON.stringify write \u001f: such an event fails its signature check.
    // Sealed contents are base64url, so the table never sends one.
    const table = makeTable();
    const player = makeDevice();
    const plain = signEvent(player, { kind: KIND.MESSAGE, tags: [['t', table.tag]], content: 'quote " \\ \n \t \b \f é 😀 </script> \u007f \u0001' });
    expect(await (await connect()).publish(plain), 'the usual escapes, non-ASCII, DEL').toMatchObject({ accepted: true });
    const unit = signEvent(player, { kind: KIND.MESSAGE, tags: [['t', table.tag]], content: 'unit separator \u001f' });
    expect(await (await connect()).publish(unit)).toEqual({ accepted: false, message: 'invalid: Bad signature', id: '' });
  });

  test('a restart keeps the stored events', async ({ connect }) => {
    const relay = await startRelay();
    try {
      const table = makeTable({ relays: [relay.url] });
      const player = makeDevice();
      const events = [message(player, table, ROLL), message(player, table, { points: { light: 2, dark: 3 } })];
      const before = await connect(relay.url);
      for (const event of events) expect(await before.publish(event)).toMatchObject({ accepted: true });
      await before.close();

      await relay.restart();
      const after = await connect(relay.url);
      const stored = await after.query({ '#t': [table.tag] });
      expect(stored.map((event) => event.id).sort()).toEqual(events.map((event) => event.id).sort());
    } finally {
      await relay.stop();
    }
  });

  test('a request by author is never crowded by strangers, however many; by id, exactly those', async ({ connect }) => {
    // What phones rely on to find a table's messages under a flood (docs/table-protocol.md).
    const table = makeTable();
    const member = makeDevice();
    const client = await connect();
    const mine = [];
    for (let i = 0; i < 3; i += 1) {
      const event = message(member, table, ROLL, { created_at: now() - 100 + i });
      expect(await client.publish(event)).toMatchObject({ accepted: true });
      mine.push(event);
    }
    // 300 newer events tagged for the table by strangers.
    const flood = [];
    for (let i = 0; i < 300; i += 1) flood.push(message(makeDevice(), table, ROLL, { created_at: now() + (i % 2) * 900 }));
    for (const event of flood) client.send(JSON.stringify(['EVENT', event]));
    await expect.poll(() => client.received.filter((m) => Array.isArray(m) && m[0] === 'OK').length, { timeout: 30_000 }).toBeGreaterThanOrEqual(303);
    const reader = await connect();
    const newest = await reader.query({ '#t': [table.tag], kinds: [KIND.MESSAGE], limit: 100 });
    expect(newest.some((event) => event.pubkey === member.pubkey), 'the newest 100 are all strangers\'').toBe(false);
    const byAuthor = await reader.query({ '#t': [table.tag], kinds: [KIND.MESSAGE], authors: [member.pubkey], limit: 500 });
    expect(byAuthor.map((event) => event.id).sort()).toEqual(mine.map((event) => event.id).sort());
    const byId = await reader.query({ ids: [mine[1].id, flood[7].id] });
    expect(byId.map((event) => event.id).sort()).toEqual([mine[1].id, flood[7].id].sort());
    // Newest first, and `until` pages back by created_at. Quirk: this relay takes `until`
    // as exclusive (created_at < until) where NIP-01 says inclusive, so phones page with
    // `until` one past the oldest second they were given (table/sync.rs).
    const page = await reader.query({ '#t': [table.tag], authors: [member.pubkey], limit: 2 });
    expect(page.map((event) => event.id)).toEqual([mine[2].id, mine[1].id]);
    const exclusive = await reader.query({ '#t': [table.tag], authors: [member.pubkey], limit: 2, until: mine[1].created_at });
    expect(exclusive.map((event) => event.id)).toEqual([mine[0].id]);
    const onePast = await reader.query({ '#t': [table.tag], authors: [member.pubkey], limit: 5, until: mine[1].created_at + 1 });
    expect(onePast.map((event) => event.id)).toEqual([mine[1].id, mine[0].id]);
  });
});

test.describe('the client\'s seals', () => {
  test('a t1 seal opens with the same key, kind and author, and with nothing else', async () => {
    const table = makeTable();
    const player = makeDevice();
    const body = { v: 2, t: 4, p: '', a: '', what: ROLL };
    const content = seal(table.key, KIND.MESSAGE, player.pubkey, body);
    expect(content).toMatch(/^t1\.[A-Za-z0-9_-]+$/);
    expect(fromBase64url(content.slice(3)).length, 'nonce, ciphertext, tag').toBe(24 + JSON.stringify(body).length + 16);
    expect(openDirect(table.key, KIND.MESSAGE, player.pubkey, content)).toEqual(body);
    expect(() => openDirect(randomBytes(32), KIND.MESSAGE, player.pubkey, content), 'another key').toThrow();
    expect(() => openDirect(table.key, 37237, player.pubkey, content), 'another kind').toThrow();
    expect(() => openDirect(table.key, KIND.MESSAGE, makeDevice().pubkey, content), 'another author').toThrow();
    // Two seals of the same plaintext differ (a fresh nonce each).
    expect(seal(table.key, KIND.MESSAGE, player.pubkey, body)).not.toBe(content);
  });

  test('a g1 seal opens for the sender and the GM only', async () => {
    const table = makeTable();
    const player = makeDevice();
    const stranger = makeDevice();
    const event = message(player, table, ROLL, { toGm: true, t: 2, p: '', a: '' });
    expect(event.content).toMatch(/^g1\./);
    const body = { v: 2, t: 2, p: '', a: '', to: table.gm.pubkey, what: ROLL };
    expect(openGmOnly(table.key, table.gm.secret, player.pubkey, KIND.MESSAGE, player.pubkey, event.content), 'the GM').toEqual(body);
    expect(openGmOnly(table.key, player.secret, table.gm.pubkey, KIND.MESSAGE, player.pubkey, event.content), 'the sender').toEqual(body);
    // The same key both ways, and the key opens it directly with @noble/ciphers.
    const key = gmOnlyKey(table.key, player.secret, table.gm.pubkey);
    expect(gmOnlyKey(table.key, table.gm.secret, player.pubkey)).toEqual(key);
    const raw = fromBase64url(event.content.slice(3));
    const plain = xchacha20poly1305(key, raw.slice(0, 24), utf8ToBytes(`dicetray:${KIND.MESSAGE}:${player.pubkey}`)).decrypt(raw.slice(24));
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual(body);
    expect(() => openGmOnly(table.key, stranger.secret, player.pubkey, KIND.MESSAGE, player.pubkey, event.content), 'another player').toThrow();
    expect(() => openDirect(table.key, KIND.MESSAGE, player.pubkey, `t1.${event.content.slice(3)}`), 'the table key alone').toThrow();
  });

  test('an invite code carries the table and reads back', async () => {
    const relays = ['ws://127.0.0.1:7447', 'wss://relay.example'];
    const table = makeTable({ relays });
    expect(table.code).toMatch(/^[A-Za-z0-9_-]+$/);
    const read = readInvite(table.code);
    expect(read.tag).toBe(table.tag);
    expect(read.tag).toMatch(/^[0-9a-f]{32}$/);
    expect(read.key).toEqual(table.key);
    expect(read.gm).toBe(table.gm.pubkey);
    expect(read.relays).toEqual(relays);
    expect(readInvite(makeTable().code).relays, 'no relays: the device\'s own').toEqual([]);
  });

  test('tests/interop/from-js.json is what make-table-fixtures.mjs writes', async () => {
    const file = await readFile(new URL('../interop/from-js.json', import.meta.url), 'utf8');
    expect(JSON.parse(file), 'run node tests/browser/make-table-fixtures.mjs').toEqual(fixtures());
  });
});
