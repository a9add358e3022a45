use super::*;
use crate::game::Color::{Black, White};
use crate::i18n::Lang;

#[test]
fn clocks_read_and_write() {
    assert_eq!(parse_clock("5:00"), Some(300.0));
    assert_eq!(parse_clock("1:02:30"), Some(3750.0));
    assert_eq!(parse_clock("45"), Some(45.0));
    assert_eq!(parse_clock("0:59.5"), Some(59.5));
    for bad in ["", "5:60", "a:00", "1:2:3:4", "-5", "5:", "é"] {
        assert_eq!(parse_clock(bad), None, "{bad}");
    }
    assert_eq!(format_clock(300.0), "5:00");
    assert_eq!(format_clock(3750.0), "1:02:30");
    assert_eq!(format_clock(9.4), "0:09");
}

#[test]
fn durations_need_units() {
    assert_eq!(parse_duration("90s"), Some(90.0));
    assert_eq!(parse_duration("10m"), Some(600.0));
    assert_eq!(parse_duration("1h30m"), Some(5400.0));
    assert_eq!(parse_duration("1h 5m 3s"), Some(3903.0));
    assert_eq!(parse_duration("2.5m"), Some(150.0));
    for bad in ["", "30", "m", "10x", "5m1h", "1m1m", "-5m", "1..5m"] {
        assert_eq!(parse_duration(bad), None, "{bad}");
    }
    assert_eq!(format_duration(5400.0), "1h30m");
    assert_eq!(format_duration(30.0), "30s");
    assert_eq!(format_duration(0.0), "0s");
    assert_eq!(say_duration(Lang::En, 5400.0), "1 hour 30 minutes");
    assert_eq!(say_duration(Lang::En, 61.0), "1 minute 1 second");
    assert_eq!(say_duration(Lang::ZhCn, 5400.0), "1小时30分钟");
    assert_eq!(say_duration(Lang::De, 0.0), "0 Sekunden");
}

#[test]
fn specs_of_each_system() {
    let tc = |s: &str| TimeControl::parse(s).map(|t| (t.main, t.overtime));
    assert_eq!(tc("30m"), Ok((1800.0, Overtime::Absolute)));
    assert_eq!(
        tc("30m 5x30s"),
        Ok((
            1800.0,
            Overtime::ByoYomi {
                periods: 5,
                period: 30.0
            }
        ))
    );
    assert_eq!(
        tc("1h 25/10m"),
        Ok((
            3600.0,
            Overtime::Canadian {
                stones: 25,
                period: 600.0
            }
        ))
    );
    assert_eq!(
        tc("10m +10s"),
        Ok((600.0, Overtime::Fischer { increment: 10.0 }))
    );
    assert_eq!(
        tc("0s 3x10s"),
        Ok((
            0.0,
            Overtime::ByoYomi {
                periods: 3,
                period: 10.0
            }
        ))
    );
    for bad in [
        "",
        "30",
        "30m 5x",
        "30m 0x30s",
        "30m x30s",
        "30m 25/",
        "0s",
        "30m banana",
        "0m +5s",
    ] {
        let e = TimeControl::parse(bad)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("expected the main time"), "{bad}: {e}");
    }
    for spec in ["30m", "30m 5x30s", "1h 25/10m", "10m +10s", "1h30m 3x1m"] {
        let t = TimeControl::parse(spec).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t.spec(), spec);
        // SGF's TM and OT give the same control back.
        let back = TimeControl::from_sgf(Some(t.main), t.sgf_overtime().as_deref());
        assert_eq!(back, Some(t), "{spec}");
    }
    assert_eq!(
        TimeControl::parse("30m 5x30s").map(|t| t.describe(Lang::En)),
        Ok("30 minutes, then 5 periods of 30 seconds (byo-yomi)".to_string())
    );
}

#[test]
fn overtime_as_other_servers_write_it() {
    let ot = |s: &str| TimeControl::from_sgf(Some(600.0), Some(s)).map(|t| t.overtime);
    assert_eq!(
        ot("5x30 byo-yomi"),
        Some(Overtime::ByoYomi {
            periods: 5,
            period: 30.0
        })
    );
    assert_eq!(
        ot("3x30"),
        Some(Overtime::ByoYomi {
            periods: 3,
            period: 30.0
        })
    );
    assert_eq!(
        ot("25/600 Canadian"),
        Some(Overtime::Canadian {
            stones: 25,
            period: 600.0
        })
    );
    assert_eq!(
        ot("10 fischer"),
        Some(Overtime::Fischer { increment: 10.0 })
    );
    assert_eq!(ot("+10s"), Some(Overtime::Fischer { increment: 10.0 }));
    assert_eq!(ot("sudden death??"), None);
    assert_eq!(TimeControl::from_sgf(Some(1e300), None), None);
    assert_eq!(TimeControl::from_sgf(Some(f64::NAN), None), None);
    assert_eq!(TimeControl::from_sgf(None, Some("5x30 byo-yomi")), None);
}

fn clock(spec: &str) -> Clock {
    let mut c = Clock::new(TimeControl::parse(spec).unwrap_or_else(|e| panic!("{e}")));
    c.paused = false;
    c
}

#[test]
fn absolute_time_flags_at_zero() {
    let mut c = clock("1m");
    assert_eq!(c.spend(20.0), vec![]);
    c.moved(Black);
    assert_eq!(c.running(), Some(White));
    assert_eq!(c.spend(52.0), vec![Event::Countdown(White, 10)]);
    assert_eq!(c.spend(4.0), vec![Event::Countdown(White, 4)]);
    assert_eq!(c.spend(5.0), vec![Event::Flag(White)]);
    assert_eq!(c.flagged, Some(White));
    assert_eq!(c.running(), None, "nothing runs after a flag");
    assert_eq!(c.side(Black).main, 40.0);
    assert_eq!(c.side(White).main, 0.0);
}

#[test]
fn byo_yomi_keeps_a_period_used_in_time() {
    let mut c = clock("10s 3x30s");
    assert_eq!(c.spend(4.0), vec![]);
    assert_eq!(c.spend(11.0), vec![Event::Overtime(Black)]);
    assert_eq!(c.noted(Black), (25.0, Some(3)));
    c.moved(Black);
    assert_eq!(c.side(Black).period, 30.0, "the period starts again");
    c.spend(5.0);
    c.moved(White);
    // Two periods pass in one go: one left, 10 s into it.
    let e = c.spend(70.0);
    assert_eq!(
        e,
        vec![Event::PeriodUsed(Black, 2), Event::PeriodUsed(Black, 1)]
    );
    assert_eq!(c.noted(Black), (20.0, Some(1)));
    assert_eq!(c.spend(21.0), vec![Event::Flag(Black)]);
}

#[test]
fn canadian_counts_stones_in_a_period() {
    let mut c = clock("0s 2/1m");
    c.spend(1.0);
    assert!(c.side(Black).overtime);
    assert_eq!(c.noted(Black), (59.0, Some(1)));
    c.moved(Black);
    c.moved(White);
    c.spend(10.0);
    assert_eq!(c.noted(Black), (49.0, Some(0)));
    c.moved(Black);
    assert_eq!(
        (c.side(Black).count, c.side(Black).period),
        (2, 60.0),
        "a new period"
    );
    c.moved(White);
    assert_eq!(c.spend(55.0), vec![Event::Countdown(Black, 5)]);
    assert_eq!(c.spend(6.0), vec![Event::Flag(Black)]);
}

#[test]
fn fischer_adds_after_each_move() {
    let mut c = clock("1m +10s");
    c.spend(30.0);
    assert_eq!(c.noted(Black), (40.0, None));
    c.moved(Black);
    assert_eq!(c.side(Black).main, 40.0);
    assert_eq!(c.turn, Some(White));
}

#[test]
fn a_paused_clock_spends_nothing() {
    let mut c = clock("1m");
    c.paused = true;
    assert_eq!(c.spend(100.0), vec![]);
    assert_eq!(c.side(Black).main, 60.0);
}

#[test]
fn the_record_gives_a_side_back() {
    let byo = clock("10m 5x30s");
    let s = byo.side_from_record(12.0, Some(3));
    assert_eq!((s.overtime, s.count, s.period), (true, 3, 30.0));
    assert_eq!(byo.side_from_record(412.0, None).main, 412.0);
    let can = clock("10m 25/10m");
    let s = can.side_from_record(300.0, Some(7));
    assert_eq!((s.overtime, s.count, s.period), (true, 7, 300.0));
    let s = can.side_from_record(3.0, Some(0));
    assert_eq!((s.count, s.period), (25, 600.0), "the period was done");
}

#[test]
fn the_state_survives_a_round_trip_as_text() {
    let mut c = clock("30m 5x30s");
    c.spend(1812.25);
    c.moved(Black);
    c.spend(3.5);
    assert_eq!(c.to_text(), "30m 5x30s;0/1/5/30;1796.5/0/0/0;W;0;-");
    let back = Clock::from_text(&c.to_text());
    assert_eq!(back, Some(c.clone()));
    for bad in ["", "30m;1/0/0/0", "30m 5x30s;x/0/0/0;1800/0/0/0;B;0;-"] {
        assert_eq!(Clock::from_text(bad), None, "{bad}");
    }
}
