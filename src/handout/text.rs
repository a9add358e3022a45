//! Words on a handout: XML escaping, wrapping by columns (CJK too), and
//! the fonts each language is set in.

use crate::i18n::Lang;
use crate::text::printable;
pub(super) use crate::text::wrap_columns as wrap;

/// Text for XML: `& < > "` escaped, control characters shown escaped.
pub(crate) fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in printable(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The fonts a language's text is set in, best first: fonts that carry
/// its glyphs (CJK needs them; a Latin font falls back glyph by glyph,
/// often to a mismatched face), then the generic family.
pub fn font_stack(lang: Lang) -> &'static str {
    match lang {
        Lang::ZhCn => {
            "'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif"
        }
        Lang::ZhTw => {
            "'Noto Sans CJK TC', 'Source Han Sans TC', 'PingFang TC', 'Microsoft JhengHei', sans-serif"
        }
        Lang::Ja => {
            "'Noto Sans CJK JP', 'Source Han Sans JP', 'Hiragino Sans', 'Yu Gothic', 'Meiryo', sans-serif"
        }
        Lang::Ko => {
            "'Noto Sans CJK KR', 'Source Han Sans KR', 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif"
        }
        Lang::En | Lang::De | Lang::Fr => "'DejaVu Sans', 'Helvetica', 'Arial', sans-serif",
    }
}
