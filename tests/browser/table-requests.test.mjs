// The GM's requests for rolls: a GM and three players at 390x844 on the loopback relay. The GM
// asks from a tray's Share (one player, or everyone, with the tray's side); each asked phone
// shows the request in its tray's corner; one tap opens the tray with the side taken and the
// label set, Roll answers it; the GM's corner gathers the answers. Expected values come from
// the test: names, labels and dice set here, and each player's headline read off their own
// dock after their roll.
import { expect, test } from './fixtures.mjs';
import {
  corner,
  gmAndPlayers,
  headlineAfter,
  inTray,
  inviteOf,
  poolCount,
  joinTable,
  logSheet,
  publishAll,
  setPool,
  sharedRelay,
  tableEvents,
  tableLine,
  tablePhone as makeTablePhone,
} from './table-helpers.mjs';
import { Member } from './table-client.mjs';
import { dock, labelField, notation as poolNotation, rollButton, tap } from './narrative-helpers.mjs';

test.describe.configure({ mode: 'serial' });

const relay = sharedRelay(test);
const tablePhone = (phone, relays = [relay.url]) => makeTablePhone(phone, relays);

/** Gemma starts a table; each name after joins by its link, in order. */
const table = (phone, ...names) => gmAndPlayers(phone, relay, ...names);

/** The GM asks, from the tray's Share, for a roll with the tray's side. */
async function ask(page, label, { who = 'Everyone', toGm = false } = {}) {
  const share = page.getByText('Share', { exact: true });
  if (!(await page.getByRole('button', { name: 'Ask for a roll' }).isVisible())) await share.click();
  await page.getByRole('button', { name: 'Ask for a roll' }).click();
  await page.getByRole('textbox', { name: 'What the roll is for' }).fill(label);
  await page.getByRole('combobox', { name: 'Who rolls' }).selectOption({ label: who });
  if (toGm) await page.getByRole('switch', { name: /Answers to me only/ }).click();
  await page.screenshot({ path: test.info().outputPath(`ask-${label}.png`) });
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
}

/** A request in a player's corner, and one as the GM's corner gathers it. */
const asked = (page, label) => corner(page).getByRole('group', { name: `The GM asks: ${label}` });
const gathered = (page, label) => corner(page).getByRole('group', { name: `Request: ${label}` });

/** Answers a request as a player does: one tap on it, one on Roll; the headline rolled. */
async function answer(page, label) {
  return headlineAfter(page, async () => {
    await asked(page, label).getByRole('button', { name: `Answer the GM's request: ${label}` }).click();
    await expect(labelField(page)).toHaveValue(label);
    await rollButton(page).click();
  });
}

/** Each answer line of a gathered request: "Ana Success", "Ben waiting". */
const answerLines = (page, label) => gathered(page, label).locator('.ask-answers .ask-answer');
const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One answer line: the name, then the headline or "waiting", then any marks. */
const line = (name, result = 'waiting', mark = '') => new RegExp(`^${name}\\s*${escaped(result)}\\s*${mark}$`);

test('a request to one player and to everyone, answered from the trays in two taps, gathered on the GM; a late joiner sees it; a forged request changes nothing', async ({ phone }) => {
  const { gm, players: [ana, ben, cleo], path } = await table(phone, 'Ana', 'Ben', 'Cleo');
  for (const p of [ana, ben, cleo]) await inTray(p.page, 'narrative');
  await inTray(gm.page, 'narrative');
  // Ben's rolls otherwise go nowhere: an answer goes all the same.
  await corner(ben.page).getByRole('combobox', { name: 'My rolls go' }).selectOption('nobody');
  // Ana keeps her own dice: two ability.
  await tap(ana.page, 'Add ability die', 2);

  // The GM sets two difficulty dice and asks Ana alone.
  await tap(gm.page, 'Add difficulty die', 2);
  await ask(gm.page, 'Perception', { who: 'Ana' });
  const card = asked(ana.page, 'Perception');
  await expect(card).toContainText('2 difficulty');
  await expect(card).toContainText('Your answer goes to the table.');
  await expect(card).toBeInViewport();
  for (const p of [ben, cleo]) await expect(asked(p.page, 'Perception')).toHaveCount(0);
  await expect(answerLines(gm.page, 'Perception')).toHaveText([line('Ana')]);

  // Two taps: the request, then Roll. Her dice kept, the GM's added.
  const anaRolled = await answer(ana.page, 'Perception');
  await expect(poolNotation(ana.page)).toHaveText('2g2p');
  await expect(ana.page.locator('.gm-side')).toContainText('difficulty');
  await expect(answerLines(gm.page, 'Perception')).toHaveText([line('Ana', anaRolled)]);
  await expect(card).toContainText(`You answered: ${anaRolled}.`);
  await expect(card.getByRole('button', { name: "Answer the GM's request: Perception" })).toHaveText('Answer again');

  // Everyone: each player asked, the GM not.
  await ask(gm.page, 'Initiative');
  for (const p of [ana, ben, cleo]) await expect(asked(p.page, 'Initiative')).toBeVisible();
  await expect(asked(gm.page, 'Initiative')).toHaveCount(0);
  await expect(answerLines(gm.page, 'Initiative')).toHaveText([line('Ana'), line('Ben'), line('Cleo')]);
  const benRolled = await answer(ben.page, 'Initiative');
  await expect(answerLines(gm.page, 'Initiative')).toHaveText([line('Ana'), line('Ben', benRolled), line('Cleo')]);
  // Ben's answer is on every phone's log, though his rolls go nowhere.
  await cleo.page.getByRole('button', { name: /Open the table's log/ }).first().click();
  await expect(logSheet(cleo.page).locator('[data-kind="roll"]').filter({ hasText: 'answers: Initiative' })).toHaveCount(1);
  await logSheet(cleo.page).getByRole('button', { name: 'Close' }).click();

  // A late joiner sees the open request, and the GM sees her waiting.
  const dan = await tablePhone(phone, []);
  await joinTable(dan.page, path, 'Dan');
  await inTray(dan.page, 'narrative');
  await expect(asked(dan.page, 'Initiative')).toBeVisible();
  await expect(asked(dan.page, 'Perception')).toHaveCount(0);
  await expect(answerLines(gm.page, 'Initiative')).toHaveText([line('Ana'), line('Ben', benRolled), line('Cleo'), line('Dan')]);

  // A member played by the test forges a request and a close: no phone changes.
  const invite = inviteOf(path);
  const events = await tableEvents(relay, invite);
  const initiative = events.find((e) => e.body?.what?.ask?.label === 'Initiative').event.id;
  const mallory = new Member(invite).see(events.map((e) => e.event));
  await publishAll(relay, [mallory.say({ joined: { name: 'Mallory' } })]);
  await expect(answerLines(gm.page, 'Initiative')).toHaveCount(5);
  await publishAll(relay, [
    mallory.say({ ask: { tray: 'narrative', label: 'Forged', challenge: '9p', who: [] } }),
    mallory.say({ close: { of: initiative } }),
  ]);
  // A roll after them shows every phone has read them.
  const cleoRolled = await answer(cleo.page, 'Initiative');
  await ana.page.screenshot({ path: test.info().outputPath('player-asked.png') });
  await gm.page.screenshot({ path: test.info().outputPath('gm-gathered.png') });
  for (const p of [gm, ana, ben, cleo, dan]) {
    await expect(corner(p.page).getByRole('group', { name: /Forged/ })).toHaveCount(0);
  }
  await expect(answerLines(gm.page, 'Initiative')).toHaveText([line('Ana'), line('Ben', benRolled), line('Cleo', cleoRolled), line('Dan'), line('Mallory')]);
  for (const p of [ana, dan]) await expect(asked(p.page, 'Initiative')).toBeVisible();

  // The GM closes Perception: gone from Ana's corner and the GM's.
  await gathered(gm.page, 'Perception').getByRole('button', { name: 'Close the request: Perception' }).click();
  await expect(asked(ana.page, 'Perception')).toHaveCount(0);
  await expect(gathered(gm.page, 'Perception')).toHaveCount(0);
  await expect(asked(ana.page, 'Initiative')).toBeVisible();
});

test("answers for the GM alone reach only the GM; answering again replaces the first, marked", async ({ phone }) => {
  const { gm, players: [ana, ben] } = await table(phone, 'Ana', 'Ben');
  for (const p of [ana, ben, gm]) await inTray(p.page, 'narrative');
  await tap(gm.page, 'Add difficulty die', 1);
  await ask(gm.page, 'Stealth', { who: 'Ana', toGm: true });
  await expect(asked(ana.page, 'Stealth')).toContainText('Your answer goes to the GM only.');
  const first = await answer(ana.page, 'Stealth');
  await expect(answerLines(gm.page, 'Stealth')).toHaveText([line('Ana', first)]);
  // Ben's phone shows nothing of it.
  await expect(tableLine(ben.page)).toBeVisible();
  await expect(corner(ben.page).locator('.table-last')).toHaveCount(0);
  // Answered again: the newest stands, marked.
  const second = await answer(ana.page, 'Stealth');
  await expect(answerLines(gm.page, 'Stealth')).toHaveText([line('Ana', second, 'answered again')]);
  await expect(corner(ben.page).locator('.table-last')).toHaveCount(0);
  // The roll was marked for the GM alone in Ana's History and on her result.
  await expect(dock(ana.page).locator('.sent-to-gm')).toBeVisible();
});

test("the GM's dark point on a player's check upgrades the side that player's tray has taken, on both phones, once", async ({ phone }) => {
  const { gm, players: [ana] } = await table(phone, 'Ana');
  await setPool(gm.page, 1, 2);
  for (const p of [ana, gm]) await inTray(p.page, 'narrative');
  await tap(gm.page, 'Add difficulty die', 2);
  await ask(gm.page, 'Vigilance', { who: 'Ana' });
  // Ana takes the request: the GM's two difficulty dice in her tray.
  await asked(ana.page, 'Vigilance').getByRole('button', { name: "Answer the GM's request: Vigilance" }).click();
  await expect(poolNotation(ana.page)).toHaveText('2p');
  // The GM spends a dark point on her check, from the gathered request.
  const spend = gathered(gm.page, 'Vigilance').getByRole('button', { name: "Spend a dark point on Ana's check" });
  await spend.click();
  await expect(answerLines(gm.page, 'Vigilance')).toHaveText([line('Ana', 'waiting', 'dark point')]);
  await expect(spend).toHaveCount(0);
  // On Ana's phone: her tray's side is upgraded, one difficulty die now a challenge die.
  await expect(asked(ana.page, 'Vigilance')).toContainText('The GM spent a dark point on your check.');
  await expect(asked(ana.page, 'Vigilance')).toContainText('1 difficulty, 1 challenge');
  await expect(ana.page.locator('.gm-side')).toContainText('challenge');
  await expect(poolNotation(ana.page)).toHaveText('1p1r');
  // Her roll answers with the upgraded side.
  await rollButton(ana.page).click();
  await expect(answerLines(gm.page, 'Vigilance')).not.toHaveText([line('Ana', 'waiting', 'dark point')]);
  await expect(answerLines(gm.page, 'Vigilance')).toContainText('dark point');
  await ana.page.screenshot({ path: test.info().outputPath('dark-point-player.png') });
  await gm.page.screenshot({ path: test.info().outputPath('dark-point-gm.png') });
  // One point moved, on every phone.
  for (const p of [gm, ana]) {
    await p.page.goto('/#/table');
    await expect(poolCount(p.page)).toContainText('2 light, 1 dark');
  }
});
