// Removing a player: a GM and three players at 390x844 on the loopback relay. The GM removes
// Ben; every phone says so (Ben's too); the others play on, and Ben's phone, which hears the
// new messages from the relay, shows none of them; a newcomer with the old link reads only
// what came before and is not let in; one with the GM's new link joins and reads it all.
// Expected values come from the test: the names it gave, the rolls it made.
import { expect, test } from './fixtures.mjs';
import { drawn } from './harness.mjs';
import {
  gmAndPlayers,
  inviteOf,
  logEntries,
  logText,
  narrativeRoll,
  people,
  rolls,
  sharedRelay,
  tableEvents,
  tablePhone,
} from './table-helpers.mjs';
import { open } from './table-client.mjs';

test.describe.configure({ mode: 'serial' });

const relay = sharedRelay(test);

/** Opens the Table page, drawn. */
async function tablePage(page) {
  await page.goto('/#/table');
  await drawn(page);
}

test('the GM removes a player: every phone says so, the removed phone shows nothing new while the others play on; the old link lets no one in, the new one does', async ({ phone }) => {
  const { gm, players, path } = await gmAndPlayers(phone, relay, 'Ana', 'Ben', 'Cleo');
  const [ana, ben, cleo] = players;
  for (const p of [gm, ...players]) await expect(people(p.page)).toHaveCount(4);
  await narrativeRoll(ana.page);
  for (const p of [gm, ...players]) {
    await tablePage(p.page);
    await expect(rolls(p.page)).toHaveCount(1);
  }

  // Ben's phone, reloaded with its relay frames watched: it will hear what is sent after.
  const heard = [];
  ben.page.on('websocket', (socket) => socket.on('framereceived', (frame) => heard.push(String(frame.payload))));
  await ben.page.reload();
  await drawn(ben.page);
  await expect(rolls(ben.page)).toHaveCount(1);

  // Gemma removes Ben: open the fold, tick him, Remove, and once more to be sure.
  const remove = gm.page.locator('details.table-remove');
  await remove.locator('summary').click();
  await gm.page.getByRole('checkbox', { name: 'Ben' }).check();
  await gm.page.getByRole('button', { name: 'Remove ticked players' }).click();
  const sure = gm.page.getByRole('group', { name: 'Sure?' });
  await expect(sure).toContainText('Remove Ben? This cannot be undone.');
  await sure.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(gm.page.locator('.snackbar-message')).toHaveText(/^Removed\. The table has a new link/);

  // Every phone says who was removed; Ben's says it was him, by whom.
  for (const p of [gm, ana, cleo]) {
    await expect(logEntries(p.page).filter({ hasText: 'removed Ben from the table' })).toHaveCount(1);
    await expect(people(p.page)).toHaveCount(3);
    await expect(people(p.page).filter({ hasText: 'Ben' })).toHaveCount(0);
  }
  await expect(ben.page.getByRole('alert').filter({ hasText: 'Gemma removed you from this table' })).toBeVisible();
  await expect(logEntries(ben.page).filter({ hasText: 'removed you from the table' })).toHaveCount(1);
  const benBefore = await logText(ben.page);

  // The others play on: Cleo rolls; Gemma and Ana see it.
  await narrativeRoll(cleo.page);
  for (const p of [gm, ana]) {
    await tablePage(p.page);
    await expect(rolls(p.page)).toHaveCount(2);
  }
  // The roll is on the relay sealed with the new key: the old link's key does not open it.
  const invite = inviteOf(path);
  const events = await tableEvents(relay, invite);
  const keyed = events.filter(({ event }) => event.content.startsWith('k1.'));
  expect(keyed.length).toBeGreaterThanOrEqual(1);
  for (const { event } of keyed) {
    expect(() => open(invite.key, 7237, event.pubkey, `t1.${event.content.split('.')[2]}`)).toThrow();
  }
  // Ben's phone heard every one of them from the relay, and shows nothing new.
  await expect.poll(() => keyed.every(({ event }) => heard.some((f) => f.includes(event.id)))).toBe(true);
  expect(await logText(ben.page)).toEqual(benBefore);
  await expect(rolls(ben.page)).toHaveCount(1);
  // In a tray, Ben's corner says he was removed, in place of the table's line; a roll he
  // makes stays on his phone.
  await narrativeRoll(ben.page);
  const benCorner = ben.page.getByRole('group', { name: 'Live table' });
  await expect(benCorner.getByRole('alert')).toHaveText('Gemma removed you from the table');
  await expect(benCorner.getByRole('button', { name: /^Table · / })).toBeHidden();
  await tablePage(ben.page);
  await expect(ben.page.getByRole('textbox', { name: 'Table link' })).toBeHidden();
  await expect(rolls(ben.page)).toHaveCount(1);

  // A newcomer with the old link: reads what came before, is told the link is out of date,
  // and no phone shows her.
  const dan = await tablePhone(phone, []);
  await dan.page.goto(path);
  await drawn(dan.page);
  await dan.page.getByRole('textbox', { name: 'Your name at the table' }).fill('Dan');
  await dan.page.getByRole('button', { name: 'Join the table' }).click();
  await expect(dan.page.getByRole('alert').filter({ hasText: 'This link is out of date' })).toBeVisible();
  await expect(dan.page.getByText('You are not at this table.')).toBeVisible();
  await expect(rolls(dan.page)).toHaveCount(1);
  await expect(people(gm.page)).toHaveCount(3);

  // The GM's link now is a new one; with it, Eve joins and reads the whole table.
  await tablePage(gm.page);
  const link = await gm.page.getByRole('textbox', { name: 'Table link' }).inputValue();
  const fresh = '/' + link.slice(link.indexOf('#'));
  expect(fresh).not.toEqual(path);
  const eve = await tablePhone(phone, []);
  await eve.page.goto(fresh);
  await drawn(eve.page);
  await eve.page.getByRole('textbox', { name: 'Your name at the table' }).fill('Eve');
  await eve.page.getByRole('button', { name: 'Join the table' }).click();
  await tablePage(cleo.page);
  for (const p of [gm, ana, cleo, eve]) {
    await expect(people(p.page).filter({ hasText: 'Eve' })).toHaveCount(1);
    await expect(people(p.page)).toHaveCount(4);
  }
  await expect(rolls(eve.page)).toHaveCount(2);
  await expect(logEntries(eve.page).filter({ hasText: 'removed Ben from the table' })).toHaveCount(1);
  await expect(people(ben.page).filter({ hasText: 'Eve' })).toHaveCount(0);
});
