//! The rules and the komi held once: in the record's rules. The file's RU
//! is written back as the preset's name, or as it was when no preset
//! names it; a KM the file never gave is never written; the rules' way
//! of settling a dispute is a field, whatever the preset is called.

use kifu_go::{
    Counting, Dead, DeadStones, GameRecord, Preset, Rules, Session, Settling, parse_rules,
    read_text, to_sgf,
};

fn record(text: &str) -> GameRecord {
    read_text(text).game(1).expect("a game").record.clone()
}

#[test]
fn a_preset_however_spelt_is_written_by_its_name() {
    let rec = record("(;GM[1]FF[4]SZ[9]RU[jp]KM[6.5];B[ee])");
    assert_eq!(rec.rules.preset, Some(Preset::Japanese));
    assert_eq!(rec.info.rules_text, kifu_go::game::RulesText::Named);
    let sgf = to_sgf(&rec);
    assert!(
        sgf.contains("RU[Japanese]") && sgf.contains("KM[6.5]"),
        "{sgf}"
    );
}

#[test]
fn rules_no_preset_names_are_written_back_as_they_were() {
    for ru in ["koPOSITIONALscoreAREAtaxALLsui1", "house rules"] {
        let rec = record(&format!("(;GM[1]FF[4]SZ[9]RU[{ru}];B[ee])"));
        assert_eq!(
            rec.info.rules_text,
            kifu_go::game::RulesText::Kept(ru.to_string())
        );
        let sgf = to_sgf(&rec);
        assert!(sgf.contains(&format!("RU[{ru}]")), "{sgf}");
    }
}

#[test]
fn a_komi_the_file_never_gave_is_never_written() {
    let mut rec = record("(;GM[1]FF[4]SZ[9];B[ee])");
    assert_eq!(rec.info.rules_text, kifu_go::game::RulesText::Absent);
    assert!(!rec.info.komi_given);
    assert_eq!(rec.komi(), 7.5, "Chinese rules' own");
    let sgf = to_sgf(&rec);
    assert!(!sgf.contains("KM[") && !sgf.contains("RU["), "{sgf}");
    rec.set_komi(6.5);
    assert_eq!((rec.komi(), rec.rules.komi), (6.5, 6.5));
    assert!(to_sgf(&rec).contains("KM[6.5]"));
    rec.set_rules(Rules::japanese());
    let sgf = to_sgf(&rec);
    assert!(
        sgf.contains("RU[Japanese]") && sgf.contains("KM[6.5]"),
        "{sgf}"
    );
}

/// Counted under other rules, a file's own komi stands; a file without
/// one takes the other rules' komi.
#[test]
fn other_rules_take_their_komi_only_when_the_file_gave_none() {
    let how = || Counting {
        rules: Some(Rules::japanese()),
        dead: Dead::Given(DeadStones::None),
        ..Counting::default()
    };
    let given = record("(;GM[1]FF[4]SZ[9]KM[0.5];B[ee];W[])");
    assert_eq!(Session::of_record(&given, how()).terms.komi, 0.5);
    let none = record("(;GM[1]FF[4]SZ[9];B[ee];W[])");
    assert_eq!(Session::of_record(&none, how()).terms.komi, 6.5);
}

#[test]
fn settling_a_dispute_is_a_field_of_the_rules() {
    let settling = |p| Rules::preset(p).settling;
    assert_eq!(settling(Preset::Japanese), Settling::Confirmation);
    assert_eq!(settling(Preset::Korean), Settling::Resumption);
    for p in [
        Preset::Chinese,
        Preset::Aga,
        Preset::NewZealand,
        Preset::Ing,
        Preset::TrompTaylor,
    ] {
        assert_eq!(settling(p), Settling::PlayOut, "{p}");
    }
    // Territory rules given field by field are settled as Japanese.
    let custom = parse_rules("koSIMPLEscoreTERRITORYtaxSEKIsui0").rules;
    assert_eq!(custom.preset, None);
    assert_eq!(custom.settling, Settling::Confirmation);
}
