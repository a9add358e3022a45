//! The game-information form: players, ranks, date, event, rules, komi,
//! and (before the first move) board size and handicap.

use crate::game::record::GameRecord;
use crate::game::rules::parse_rules;
use crate::i18n::Lang;
use crate::tr;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Black,
    BlackRank,
    White,
    WhiteRank,
    Date,
    Event,
    Rules,
    Komi,
    Result,
    MainTime,
    Overtime,
    Size,
    Handicap,
    Placement,
}

impl Field {
    /// The field's name in `lang`.
    pub fn label(self, lang: Lang) -> String {
        tr!(lang, self.key())
    }

    /// The field's name in the catalogue.
    pub fn key(self) -> &'static str {
        match self {
            Field::Black => "form.field.black",
            Field::BlackRank => "form.field.black_rank",
            Field::White => "form.field.white",
            Field::WhiteRank => "form.field.white_rank",
            Field::Date => "form.field.date",
            Field::Event => "form.field.event",
            Field::Rules => "form.field.rules",
            Field::Komi => "form.field.komi",
            Field::Result => "form.field.result",
            Field::MainTime => "form.field.main_time",
            Field::Overtime => "form.field.overtime",
            Field::Size => "form.field.size",
            Field::Handicap => "form.field.handicap",
            Field::Placement => "form.field.placement",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InfoForm {
    pub fields: Vec<(Field, String)>,
    pub selected: usize,
    /// Size and handicap can change only before the first move.
    pub board_editable: bool,
    komi_typed: bool,
    /// Where the komi shown comes from, for the form to say (its key in
    /// the catalogue).
    pub komi_source: &'static str,
    /// Numbers as this language writes them (7,5 in German and French).
    lang: crate::i18n::Lang,
}

/// What applying the form asks of the record.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    /// Free placement: the handicap stones still to be placed by hand.
    pub free_stones: u32,
}

impl InfoForm {
    /// The form for `rec`, numbers written as `lang` writes them (7,5 in
    /// German and French, as the panel says it).
    pub fn from_record(rec: &GameRecord, lang: crate::i18n::Lang) -> InfoForm {
        let i = &rec.info;
        let s = |o: &Option<String>| o.clone().unwrap_or_default();
        let board_editable = rec.main_line().iter().all(|&id| rec.node(id).mv.is_none());
        let mut fields = vec![
            (Field::Black, s(&i.black)),
            (Field::BlackRank, s(&i.black_rank)),
            (Field::White, s(&i.white)),
            (Field::WhiteRank, s(&i.white_rank)),
            (Field::Date, s(&i.date)),
            (Field::Event, s(&i.event)),
            (Field::Rules, rec.rules.name().to_lowercase()),
            (
                Field::Komi,
                crate::i18n::number(lang, &crate::game::result::format_points(rec.komi())),
            ),
            (
                Field::Result,
                i.result
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
            ),
            (
                Field::MainTime,
                i.main_time
                    .map(crate::game::clock::format_clock)
                    .unwrap_or_default(),
            ),
            (Field::Overtime, s(&i.overtime)),
        ];
        let komi_source = if i.komi_given {
            "form.komi.set"
        } else {
            "form.komi.rules"
        };
        if board_editable {
            fields.push((Field::Size, rec.size().to_string()));
            fields.push((Field::Handicap, i.handicap.to_string()));
            fields.push((Field::Placement, "fixed".into()));
        }
        InfoForm {
            fields,
            selected: 0,
            board_editable,
            komi_typed: false,
            komi_source,
            lang,
        }
    }

    pub fn value(&self, f: Field) -> &str {
        self.fields
            .iter()
            .find(|(g, _)| *g == f)
            .map_or("", |(_, v)| v.as_str())
    }

    fn set(&mut self, f: Field, v: String) {
        if let Some(slot) = self.fields.iter_mut().find(|(g, _)| *g == f) {
            slot.1 = v;
        }
    }

    pub fn next(&mut self, forward: bool) {
        let n = self.fields.len();
        // The first and last fields stop the cursor: a silent wrap loses
        // the place in the form.
        self.selected = if forward {
            (self.selected + 1).min(n.saturating_sub(1))
        } else {
            self.selected.saturating_sub(1)
        };
    }

    pub fn type_char(&mut self, c: char) {
        let field = self.fields[self.selected].0;
        self.fields[self.selected].1.push(c);
        self.after_edit(field);
    }

    pub fn backspace(&mut self) {
        let field = self.fields[self.selected].0;
        self.fields[self.selected].1.pop();
        self.after_edit(field);
    }

    /// Komi follows the rules and the handicap until the user types one.
    fn after_edit(&mut self, field: Field) {
        match field {
            Field::Komi => {
                self.komi_typed = true;
                self.komi_source = "form.komi.typed";
            }
            Field::Rules | Field::Handicap if !self.komi_typed => {
                let parsed = parse_rules(self.value(Field::Rules));
                let handicap = self
                    .value(Field::Handicap)
                    .trim()
                    .parse::<u32>()
                    .unwrap_or(0);
                if parsed.recognized {
                    let k = parsed.rules.komi_for_handicap(handicap);
                    let k = crate::game::result::format_points(k);
                    self.set(Field::Komi, crate::i18n::number(self.lang, &k));
                    self.komi_source = if handicap >= 2 {
                        "form.komi.handicap"
                    } else {
                        "form.komi.rules"
                    };
                }
            }
            _ => {}
        }
    }

    /// Checks every field and, when all are good, applies them: on the
    /// same record, or on a new empty one when size or handicap changed.
    /// The error names the field and what to type.
    /// The Result field read, or what is wrong with it.
    fn result(&self, lang: Lang) -> Result<Option<crate::game::GameResult>, String> {
        Ok(match self.value(Field::Result).trim() {
            "" => None,
            t => match crate::game::GameResult::parse(t) {
                crate::game::GameResult::Other(_) => {
                    return Err(tr!(lang, "form.err.result", typed = t));
                }
                r => Some(r),
            },
        })
    }

    /// The time settings: Main time (`1:00:00`, `45:00`, `30m`) and
    /// Overtime; overtime as --clock writes it (5x30s, 25/10m, +10s) is
    /// noted as the servers write it (5x30 byo-yomi), other text as typed.
    fn time(&self, lang: Lang) -> Result<(Option<f64>, Option<String>), String> {
        use crate::game::clock::{TimeControl, parse_clock, parse_duration};
        let main = match self.value(Field::MainTime).trim() {
            "" => None,
            t => Some(
                parse_clock(t)
                    .or_else(|| parse_duration(t))
                    .ok_or_else(|| tr!(lang, "form.err.main_time", typed = t))?,
            ),
        };
        let over = Some(self.value(Field::Overtime).trim().to_string()).filter(|o| !o.is_empty());
        let over = over.map(|o| {
            TimeControl::from_sgf(Some(main.unwrap_or(0.0)), Some(&o))
                .and_then(|tc| tc.sgf_overtime())
                .unwrap_or(o)
        });
        Ok((main, over))
    }

    /// Applies the form to the record; what is wrong with it, in `lang`.
    pub fn apply(&self, rec: &mut GameRecord, lang: Lang) -> Result<Applied, String> {
        let parsed = parse_rules(self.value(Field::Rules));
        if !parsed.recognized {
            return Err(tr!(
                lang,
                "form.err.rules",
                typed = self.value(Field::Rules),
                names = crate::game::rules::RULE_NAMES
            ));
        }
        // A decimal comma is taken as typed (7,5).
        let komi: f64 = match self.value(Field::Komi).trim().replace(',', ".").parse() {
            Ok(k) => crate::game::rules::check_komi(k)
                .map_err(|e| tr!(lang, "form.err.komi", why = e.words(lang)))?,
            _ => return Err(tr!(lang, "form.err.komi_number")),
        };
        let result = self.result(lang)?;
        let (main_time, overtime) = self.time(lang)?;
        let mut free_stones = 0;
        if self.board_editable {
            let size: usize = match self.value(Field::Size).trim().parse() {
                Ok(s) if (2..=25).contains(&s) => s,
                _ => return Err(tr!(lang, "form.err.size")),
            };
            let handicap: u32 = match self.value(Field::Handicap).trim().parse() {
                Ok(h) if h <= 9 => h,
                _ => return Err(tr!(lang, "form.err.handicap")),
            };
            let free = match self.value(Field::Placement).trim().to_lowercase().as_str() {
                "fixed" | "" => false,
                "free" => true,
                other => {
                    return Err(tr!(lang, "form.err.placement", typed = other));
                }
            };
            if size != usize::from(rec.size()) || handicap != rec.info.handicap || free {
                // The komi is the form's own (set below).
                let start = crate::game::start::GameStart {
                    size,
                    rules: parsed.rules.clone(),
                    handicap,
                    free,
                    komi: Some(komi),
                };
                let (mut fresh, to_place) = start.begin().map_err(|e| match e {
                    crate::game::start::StartError::Size(e) => {
                        tr!(lang, "form.err.size_why", why = e.words(lang))
                    }
                    crate::game::start::StartError::Handicap(e) => {
                        tr!(lang, "form.err.handicap_why", why = e.words(lang))
                    }
                })?;
                let handicap = fresh.info.handicap;
                fresh.info = rec.info.clone();
                fresh.info.handicap = handicap;
                free_stones = to_place;
                *rec = fresh;
            }
        }
        let text = |f: Field| {
            let v = self.value(f).trim().to_string();
            (!v.is_empty()).then_some(v)
        };
        rec.info.black = text(Field::Black);
        rec.info.black_rank = text(Field::BlackRank);
        rec.info.white = text(Field::White);
        rec.info.white_rank = text(Field::WhiteRank);
        rec.info.date = text(Field::Date);
        rec.info.event = text(Field::Event);
        rec.info.result = result;
        rec.info.main_time = main_time;
        rec.info.overtime = overtime;
        let mut rules = parsed.rules;
        rules.komi = komi;
        rec.set_rules(rules);
        Ok(Applied { free_stones })
    }
}
