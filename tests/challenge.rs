//! The GM's challenge links: the notation for each tray, read back through a link, what a
//! tray takes from one, and hostile text refused without a panic.

use dicetray::core::challenge::{
    D6Challenge, ElChallenge, MAX_CHALLENGE_FACETS, NarrativeChallenge, side_words,
};
use dicetray::core::effective_level::{
    Against, ElDice, ElDie, ElSetup, MAX_CHOSEN_DICE, Pushback, Side,
};
use dicetray::core::facet::{MAX_NAME_CHARS, clean_name};
use dicetray::core::highest_d6::{ChallengeKind, D6Setup, FacetRef};
use dicetray::core::notation::QUOTED_CHARS;
use dicetray::core::notation::challenge::{
    MAX_D6_CHALLENGE_CHARS, format_d6_challenge, format_el_challenge, format_narrative_challenge,
    parse_d6_challenge, parse_el_challenge, parse_narrative_challenge,
};
use dicetray::core::notation::narrative::parse_pool;
use dicetray::core::scene::Scene;
use dicetray::route::{Page, Route};
use proptest::prelude::*;

fn error(result: Result<impl std::fmt::Debug, dicetray::core::notation::NotationError>) -> String {
    result.expect_err("refused").message().to_string()
}

#[test]
fn narrative_challenges_carry_the_gms_dice_only() {
    let challenge = parse_narrative_challenge("2p1r1k").expect("valid");
    assert_eq!(
        challenge,
        NarrativeChallenge {
            difficulty: 2,
            challenge: 1,
            setback: 1
        }
    );
    assert_eq!(format_narrative_challenge(&challenge), "2p1r1k");
    assert_eq!(challenge.summary(), "2 difficulty, 1 challenge, 1 setback");
    // Any order, repeats add up, `+` separates as a space does, upper case reads.
    let read = parse_narrative_challenge("K+p 1P").expect("valid");
    assert_eq!(format_narrative_challenge(&read), "2p1k");
    // No dice is written 0p.
    let none = parse_narrative_challenge("0p").expect("valid");
    assert_eq!(none, NarrativeChallenge::default());
    assert_eq!(format_narrative_challenge(&none), "0p");
    assert_eq!(none.summary(), "no dice");
    // The player's letters are refused with the reason.
    let message = error(parse_narrative_challenge("2p1g"));
    assert!(message.contains("'g' at position 4"), "{message}");
    assert!(message.contains("p difficulty, r challenge"), "{message}");
    assert!(error(parse_narrative_challenge("1p+1s")).contains("'s'"));
    assert!(error(parse_narrative_challenge("")).contains("0p for none"));
    assert!(error(parse_narrative_challenge("21p")).contains("at most 20"));
    assert!(error(parse_narrative_challenge("2p;")).contains("';'"));
}

#[test]
fn a_narrative_challenge_keeps_the_players_dice() {
    let mut pool = parse_pool("2g1y3p1b1k1w+1s").expect("valid");
    parse_narrative_challenge("1p2r")
        .expect("valid")
        .apply(&mut pool)
        .expect("fits");
    assert_eq!(
        dicetray::core::notation::narrative::format_pool(&pool),
        "2g1y1p2r1b1w+1s"
    );
    assert_eq!(
        NarrativeChallenge::of(&pool),
        NarrativeChallenge {
            difficulty: 1,
            challenge: 2,
            setback: 0
        }
    );
}

#[test]
fn d6_challenges_carry_the_kind_conflict_and_scene_facets() {
    let text = "social~conflict~helps Tense Atmosphere~hinders Slippery Ground";
    let challenge = parse_d6_challenge(text).expect("valid");
    assert_eq!(challenge.kind, ChallengeKind::Social);
    assert!(challenge.conflict);
    assert_eq!(
        challenge.facets,
        vec![
            ("Tense Atmosphere".to_string(), true),
            ("Slippery Ground".to_string(), false)
        ]
    );
    assert_eq!(format_d6_challenge(&challenge), text);
    assert_eq!(
        challenge.summary(),
        "Social, harm at stake; Tense Atmosphere helps, Slippery Ground hinders"
    );
    // As a link writes it.
    let href = Page::HIGHEST_D6.challenge_href(text);
    assert_eq!(
        href,
        "#/d6?challenge=social~conflict~helps+Tense+Atmosphere~hinders+Slippery+Ground"
    );
    let route = Route::parse(&href);
    assert_eq!(
        parse_d6_challenge(&route.challenge.expect("carried")).expect("valid"),
        challenge
    );
    // Names with the notation's own characters come back exactly.
    let odd = D6Challenge {
        kind: ChallengeKind::Mystical,
        conflict: false,
        facets: vec![("100% ~ a+b  c".into(), true)],
    };
    let written = format_d6_challenge(&odd);
    assert_eq!(written, "mystical~helps 100%25 %7E a%2Bb  c");
    assert_eq!(parse_d6_challenge(&written).expect("valid"), odd);
    assert_eq!(
        parse_d6_challenge("Mental").expect("valid").kind,
        ChallengeKind::Mental
    );
}

#[test]
fn bad_d6_challenges_are_refused_with_the_reason() {
    assert!(error(parse_d6_challenge("")).contains("physical, mental, social or mystical"));
    assert!(error(parse_d6_challenge("cosmic~helps X")).contains("“cosmic”"));
    assert!(error(parse_d6_challenge("social~helps ")).contains("“helps” needs a name"));
    assert!(error(parse_d6_challenge("social~conflict~conflict")).contains("twice"));
    assert!(error(parse_d6_challenge("social~helps A~hinders A")).contains("twice"));
    assert!(error(parse_d6_challenge("social~maybe A")).contains("helps NAME"));
    assert!(error(parse_d6_challenge("social~helps 50%")).contains("%25"));
    assert!(error(parse_d6_challenge("social~helps %FF")).contains("not text"));
    let long = format!("social~helps {}", "x".repeat(MAX_NAME_CHARS + 1));
    assert!(error(parse_d6_challenge(&long)).contains("at most 40"));
    let many: String = (0..=MAX_CHALLENGE_FACETS)
        .map(|i| format!("~helps F{i}"))
        .collect();
    assert!(error(parse_d6_challenge(&format!("social{many}"))).contains("at most 5 facets"));
}

#[test]
fn a_d6_challenge_sets_the_scene_side_and_keeps_the_characters() {
    let mut scene = Scene::default();
    let old = scene.add_facet("Old Fog", true).expect("room");
    let ground = scene.add_facet("Slippery Ground", true).expect("room");
    let mut setup = D6Setup::default();
    setup.toggle(FacetRef::Scene(old));
    setup.toggle(FacetRef::Character(4));
    let challenge =
        parse_d6_challenge("mental~hinders Slippery Ground~helps Cryptic Message").expect("valid");
    let ids = challenge.apply(&mut setup, &mut scene).expect("room");
    assert_eq!(setup.kind, ChallengeKind::Mental);
    assert_eq!(ids.len(), 2);
    assert_eq!(ids[0], ground, "found by name");
    let facet = |id: u64| scene.facets.get(id).expect("there");
    assert!(!facet(ground).helps, "takes the GM's hinders");
    assert_eq!(facet(ids[1]).name, "Cryptic Message");
    assert!(setup.applies(FacetRef::Scene(ground)) && setup.applies(FacetRef::Scene(ids[1])));
    assert!(
        !setup.applies(FacetRef::Scene(old)),
        "the GM's side replaces the scene's"
    );
    assert!(
        setup.applies(FacetRef::Character(4)),
        "the player's own stay"
    );
    // And back out, as the GM shares it.
    let shared = D6Challenge::of(&setup, &scene).expect("fits");
    assert_eq!(shared.facets.len(), 2);
    // A full scene: refused, nothing changes.
    let mut full = Scene::default();
    for i in 0..50 {
        full.add_facet(&format!("F{i}"), true).expect("room");
    }
    let before = full.clone();
    assert!(challenge.apply(&mut D6Setup::default(), &mut full).is_err());
    assert_eq!(full, before);
}

#[test]
fn el_challenges_carry_the_other_side_or_an_obstacle() {
    let opposed = parse_el_challenge("vs 5 vsdice d6,d4 opposed").expect("valid");
    assert_eq!(
        opposed,
        ElChallenge::Against {
            against: Against {
                side: Side {
                    el: 5,
                    dice: ElDice::of(&[ElDie::D6, ElDie::D4]),
                },
                kind: Pushback::Opposition,
                name: None,
            },
        }
    );
    assert_eq!(format_el_challenge(&opposed), "vs 5 vsdice d6,d4 opposed");
    assert_eq!(opposed.summary(), "Opposition at EL 5 (d6, d4)");
    let named = parse_el_challenge("vs+7+by+Guard+captain").expect("valid");
    assert_eq!(format_el_challenge(&named), "vs 7 by Guard captain");
    assert_eq!(named.summary(), "Resistance at EL 7: Guard captain");
    let door = parse_el_challenge("obstacle+12+el+3+by+Barred+door").expect("valid");
    assert_eq!(
        door,
        ElChallenge::Obstacle {
            name: "Barred door".into(),
            target: 12,
            el: 3
        }
    );
    assert_eq!(
        format_el_challenge(&door),
        "obstacle 12 el 3 by Barred door"
    );
    assert_eq!(door.summary(), "Obstacle: Barred door, target 12, EL 3");
    assert_eq!(
        Page::EFFECTIVE_LEVEL.challenge_href(&format_el_challenge(&door)),
        "#/el?challenge=obstacle+12+el+3+by+Barred+door"
    );
    // A name may hold `by` and the notation's own characters.
    let odd = ElChallenge::Obstacle {
        name: "Stand by 50% + ~".into(),
        target: 1,
        el: 0,
    };
    assert_eq!(
        format_el_challenge(&odd),
        "obstacle 1 by Stand by 50%25 %2B %7E"
    );
    assert_eq!(
        parse_el_challenge(&format_el_challenge(&odd)).expect("valid"),
        odd
    );
}

#[test]
fn bad_el_challenges_are_refused_with_the_reason() {
    assert!(error(parse_el_challenge("el 5")).contains("starts with “vs”"));
    assert!(error(parse_el_challenge("vs")).contains("needs a number"));
    assert!(error(parse_el_challenge("vs 0")).contains("1 to 100"));
    assert!(error(parse_el_challenge("vs 101")).contains("more than 100"));
    assert!(error(parse_el_challenge("vs 5 opposed opposed")).contains("twice"));
    assert!(error(parse_el_challenge("vs 5 wager 2")).contains("“wager”"));
    assert!(error(parse_el_challenge("vs 5 vsdice d7")).contains("not a die"));
    assert!(error(parse_el_challenge("obstacle 12")).contains("needs a name"));
    assert!(error(parse_el_challenge("obstacle 0 by Door")).contains("1 to 1000"));
    assert!(error(parse_el_challenge("obstacle 1001 by Door")).contains("more than 1000"));
    assert!(error(parse_el_challenge("obstacle 5 el 101 by Door")).contains("more than 100"));
    assert!(error(parse_el_challenge("obstacle 5 by ")).contains("“by” needs a name"));
}

#[test]
fn an_el_challenge_sets_the_tray_or_the_scene() {
    let mut setup = ElSetup::default();
    let mut scene = Scene::default();
    let opposed = parse_el_challenge("vs 9 vsdice 2d8 opposed").expect("valid");
    assert_eq!(opposed.apply(&mut setup, &mut scene), Ok(None));
    assert_eq!(setup.against, Some(Pushback::Opposition));
    assert_eq!(setup.their_el, 9);
    assert_eq!(setup.their_dice, ElDice::of(&[ElDie::D8, ElDie::D8]));
    assert_eq!(ElChallenge::of(&setup), Some(opposed));
    let door = parse_el_challenge("obstacle 12 el 3 by Barred door").expect("valid");
    let id = door
        .apply(&mut setup, &mut scene)
        .expect("room")
        .expect("an obstacle");
    scene.add_progress(id, 5).expect("there");
    // Shared again with a new target: the same obstacle, its progress kept.
    let again = parse_el_challenge("obstacle 15 by Barred door").expect("valid");
    assert_eq!(again.apply(&mut setup, &mut scene), Ok(Some(id)));
    let obstacle = &scene.obstacles[0];
    assert_eq!(
        (obstacle.target, obstacle.el, obstacle.progress),
        (15, 0, 5)
    );
    assert_eq!(scene.obstacles.len(), 1);
}

#[test]
fn long_text_is_refused_before_it_is_read_and_errors_quote_little() {
    let huge = "p".repeat(10_000_000);
    assert!(error(parse_narrative_challenge(&huge)).contains("too long"));
    assert!(error(parse_d6_challenge(&huge)).contains("too long"));
    assert!(error(parse_el_challenge(&huge)).contains("too long"));
    let limit = format!("social~helps {}", "é".repeat(MAX_D6_CHALLENGE_CHARS));
    assert!(error(parse_d6_challenge(&limit)).contains("too long"));
    let hostile = "Q".repeat(150);
    for message in [
        error(parse_d6_challenge(&hostile)),
        error(parse_el_challenge(&format!("vs 5 {hostile}"))),
        error(parse_el_challenge(&format!("vs 5 vsdice {hostile}"))),
        error(parse_d6_challenge(&format!(
            "social~helps {}%",
            "Q".repeat(60)
        ))),
    ] {
        assert!(
            !message.contains(&"Q".repeat(QUOTED_CHARS + 1)),
            "{message}"
        );
    }
}

fn name() -> impl Strategy<Value = String> {
    prop::string::string_regex("[a-zA-Z0-9 %+~&=?#é\u{1F3B2}-]{1,40}")
        .expect("regex")
        .prop_filter("a clean name", |n| {
            clean_name(n, "facet").as_deref() == Ok(n)
        })
}

fn d6_challenge() -> impl Strategy<Value = D6Challenge> {
    (
        prop::sample::select(ChallengeKind::ALL.to_vec()),
        any::<bool>(),
        prop::collection::vec((name(), any::<bool>()), 0..=MAX_CHALLENGE_FACETS),
    )
        .prop_map(|(kind, conflict, mut facets)| {
            let mut seen = Vec::new();
            facets.retain(|(n, _)| {
                let new = !seen.contains(n);
                seen.push(n.clone());
                new
            });
            D6Challenge {
                kind,
                conflict,
                facets,
            }
        })
}

fn side_dice() -> impl Strategy<Value = ElDice> {
    prop_oneof![
        Just(ElDice::Simple),
        prop::collection::vec(
            prop::sample::select(ElDie::ALL.to_vec()),
            1..=MAX_CHOSEN_DICE as usize
        )
        .prop_map(|dice| ElDice::of(&dice)),
    ]
}

fn el_challenge() -> impl Strategy<Value = ElChallenge> {
    prop_oneof![
        (
            1u32..=100,
            side_dice(),
            any::<bool>(),
            prop::option::of(name())
        )
            .prop_map(|(el, dice, opposed, name)| ElChallenge::Against {
                against: Against {
                    side: Side { el, dice },
                    kind: if opposed {
                        Pushback::Opposition
                    } else {
                        Pushback::Resistance
                    },
                    name,
                },
            }),
        (name(), 1u32..=1000, 0u32..=100).prop_map(|(name, target, el)| ElChallenge::Obstacle {
            name,
            target,
            el
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn narrative_challenges_round_trip_through_a_link(d in 0u32..=20, r in 0u32..=20, k in 0u32..=20) {
        let challenge = NarrativeChallenge { difficulty: d, challenge: r, setback: k };
        let text = format_narrative_challenge(&challenge);
        prop_assert_eq!(parse_narrative_challenge(&text), Ok(challenge.clone()));
        let carried = Route::parse(&Page::NARRATIVE.challenge_href(&text)).challenge;
        prop_assert_eq!(parse_narrative_challenge(&carried.unwrap_or_default()), Ok(challenge));
    }

    #[test]
    fn d6_challenges_round_trip_through_a_link(challenge in d6_challenge()) {
        let text = format_d6_challenge(&challenge);
        prop_assert!(text.chars().count() <= MAX_D6_CHALLENGE_CHARS);
        prop_assert_eq!(parse_d6_challenge(&text), Ok(challenge.clone()));
        let carried = Route::parse(&Page::HIGHEST_D6.challenge_href(&text)).challenge;
        prop_assert_eq!(parse_d6_challenge(&carried.unwrap_or_default()), Ok(challenge));
    }

    #[test]
    fn el_challenges_round_trip_through_a_link(challenge in el_challenge()) {
        let text = format_el_challenge(&challenge);
        prop_assert_eq!(parse_el_challenge(&text), Ok(challenge.clone()));
        let carried = Route::parse(&Page::EFFECTIVE_LEVEL.challenge_href(&text)).challenge;
        prop_assert_eq!(parse_el_challenge(&carried.unwrap_or_default()), Ok(challenge));
    }

    #[test]
    fn any_text_is_read_or_refused_without_a_panic(text in any::<String>()) {
        for message in [
            parse_narrative_challenge(&text).err(),
            parse_d6_challenge(&text).err(),
            parse_el_challenge(&text).err(),
        ]
        .into_iter()
        .flatten()
        {
            prop_assert!(!message.message().is_empty());
        }
        let route = Route::parse(&format!("#/el?challenge={text}"));
        let _ = route.challenge.map(|c| parse_el_challenge(&c));
    }

    #[test]
    fn challenge_like_text_never_panics(
        text in "(vs|obstacle|by|el|vsdice|opposed|social|helps|hinders|conflict|~|%|[0-9]{1,4}|d6|[pkr]| |\\+){0,30}"
    ) {
        let _ = parse_narrative_challenge(&text);
        let _ = parse_d6_challenge(&text);
        let _ = parse_el_challenge(&text);
    }
}

/// The GM's side sent to the table is offered to players in the words of its tray, never as
/// the link's text; anything else (another tray, junk a relay passed on) is offered as nothing.
#[test]
fn the_gms_side_reads_in_each_trays_words() {
    let table = [
        ("narrative", "3p1r", Some("3 difficulty, 1 challenge")),
        ("narrative", "0p", Some("no dice")),
        (
            "d6",
            "social~conflict~helps+Tense+Atmosphere",
            Some("Social, harm at stake; Tense Atmosphere helps"),
        ),
        ("el", "vs 5 opposed", Some("Opposition at EL 5")),
        ("narrative", "3p1g", None),
        ("story", "3p", None),
        ("el", "", None),
    ];
    for (tray, text, words) in table {
        assert_eq!(side_words(tray, text).as_deref(), words, "{tray}: {text}");
    }
}

#[test]
fn the_gms_dark_point_upgrades_one_difficulty_die_or_adds_one() {
    use dicetray::core::challenge::upgraded_narrative_side;
    // (the GM's side, with a dark point spent on it), by RULES.md §1, counted by hand.
    let table = [
        ("2p", Some("1p1r")),
        ("1p", Some("1r")),
        ("1r", Some("1p1r")),
        ("", Some("1p")),
        ("2p1k", Some("1p1r1k")),
        ("3r2k", Some("1p3r2k")),
        ("banana", None),
    ];
    for (side, upgraded) in table {
        assert_eq!(upgraded_narrative_side(side).as_deref(), upgraded, "{side}");
    }
}
