//! The key table's help and the commands' help, by their English text
//! (the table is the English; see i18n::help).

pub(in crate::i18n) const HELP: &[(&str, &str)] = &[
    ("move the cursor", "커서 이동"),
    (
        "play at the cursor (or click)",
        "커서 위치에 착수 (또는 클릭)",
    ),
    ("pass", "패스"),
    ("take back the last move", "마지막 수 무르기"),
    ("one move back", "한 수 뒤로"),
    ("one move forward", "한 수 앞으로"),
    ("the start / the end of the game", "대국의 처음 / 끝"),
    ("next / previous variation", "다음 / 이전 변화"),
    (
        "game information: players, rules, komi, result, time",
        "대국 정보: 대국자, 규칙, 덤, 결과, 시간",
    ),
    (
        "comment the move (:comment TEXT, :comment+ adds a line)",
        "이 수에 주석 (:comment 글, :comment+ 한 줄 추가)",
    ),
    (
        "count mode: mark dead stones, both views, the walkthroughs",
        "계가 모드: 사석 표시, 두 가지 계가, 단계별 설명",
    ),
    (
        "on the map: mark the chain at the cursor dead / alive (or click)",
        "전체도에서: 커서의 돌을 사석 / 산 돌로 (또는 클릭)",
    ),
    (
        "take back the last change of the marks",
        "마지막 표시 변경 취소",
    ),
    (
        "mark the whole group (related chains) dead / alive",
        "이어진 돌 전체를 사석 / 산 돌로",
    ),
    ("mark the group as seki / not seki", "돌을 빅으로 / 빅 해제"),
    (
        "area against half the board / territory with prisoners",
        "반면과 비교하는 돌과 집 / 집과 따낸 돌",
    ),
    (
        "walkthrough: next / previous step",
        "설명: 다음 / 이전 단계",
    ),
    (
        "count the other side (the Chinese steps start again)",
        "다른 쪽을 센다 (중국식 단계는 처음부터)",
    ),
    (
        "confirmation play: play out a dispute (Esc marks the result)",
        "확인 대국: 다툼이 있는 곳을 두어 본다 (Esc로 결과 표시)",
    ),
    ("what every symbol on the board means", "판 위 기호의 뜻"),
    (
        "write the count as the result (RE, TB/TW) at the game's end",
        "대국 끝에서 계가를 결과로 기록 (RE, TB/TW)",
    ),
    (
        "back to the map (from a step, from presenting); never leaves count mode",
        "전체도로 (단계에서, 발표에서); 계가 모드는 나가지 않음",
    ),
    (
        "back to recording (the marks are kept)",
        "기보 입력으로 (표시는 유지)",
    ),
    (
        "play a move in the confirmation play (or click)",
        "확인 대국에서 착수 (또는 클릭)",
    ),
    ("pass in the confirmation play", "확인 대국에서 패스"),
    (
        "end the confirmation play: its verdict marks the count",
        "확인 대국 끝: 그 판정으로 표시",
    ),
    (
        "place a handicap stone, or take one back (or click)",
        "접바둑 돌을 놓거나 되돌리기 (또는 클릭)",
    ),
    ("stop placing: no handicap", "놓기 중단: 호선"),
    (
        "presentation: the board and the caption only (again: back)",
        "발표: 판과 설명만 (다시 누르면 돌아감)",
    ),
    ("save", "저장"),
    (
        "pause the game clock / let it go on",
        "대국 시계 정지 / 계속",
    ),
    ("the command line (below)", "명령줄 (아래)"),
    ("this help", "이 도움말"),
    (
        "suspend kifu (fg brings it back)",
        "kifu 일시 중지 (fg로 복귀)",
    ),
    ("quit (asks if unsaved)", "종료 (저장 안 했으면 묻기)"),
    (
        "play there (GTP Q16 or SGF pd; a point alone, :Q16, too)",
        "그곳에 착수 (GTP Q16 또는 SGF pd; :Q16만 써도 됨)",
    ),
    ("go to move N of this line", "이 수순의 N수째로"),
    (
        "move N was played at Q16 (:fix Q16: this move)",
        "N수째는 Q16이었다 (:fix Q16: 이 수)",
    ),
    (
        "save (as FILE); save and quit; quit; quit now",
        "저장 (FILE로); 저장 후 종료; 종료; 바로 종료",
    ),
    (
        "the result by hand: B+T W+F B+3.5 0 void ?",
        "결과 직접 입력: B+T W+F B+3.5 0 void ?",
    ),
    ("the side to move resigns", "차례인 쪽이 돌을 던진다"),
    (
        "this move's comment (:comment+ TEXT adds a line)",
        "이 수의 주석 (:comment+ 글 한 줄 추가)",
    ),
    ("the comment on the whole game", "대국 전체의 주석"),
    (
        "start a game clock (30m, 30m 5x30s, 1h 25/10m, 10m +10s); :clock alone says it",
        "대국 시계 시작 (30m, 30m 5x30s, 1h 25/10m, 10m +10s); :clock만 쓰면 남은 시간",
    ),
    (
        "time left for Black and White at this move (and on the running clocks)",
        "이 수에서 흑과 백의 남은 시간 (과 돌아가는 시계)",
    ),
    (
        "Black's (or White's) stones, chain by chain, with liberties",
        "흑 (또는 백)의 돌, 연결마다 활로와 함께",
    ),
    (
        "the chain at D5 (or the cursor) and its liberties",
        "D5 (또는 커서)의 돌과 그 활로",
    ),
    (
        "the last move and the cursor, in words",
        "직전 수와 커서를 말로",
    ),
    (
        "after the passes: play out a dispute (Esc marks it)",
        "패스 후: 다툼이 있는 곳을 두어 본다 (Esc로 표시)",
    ),
    (
        "black (or white) asks to resume; the other moves first",
        "흑 (또는 백)이 재개를 요청; 상대가 먼저 둔다",
    ),
    (
        "the count as a handout: SVG per step, one HTML page",
        "계가를 유인물로: 단계마다 SVG, HTML 한 페이지",
    ),
    (
        "the board's look (default light projector ascii mono)",
        "판의 모양 (default light projector ascii mono)",
    ),
    (
        "count mode's view (area or territory)",
        "계가 모드의 보기 (area 중국식 또는 territory 일본식)",
    ),
    (
        "count mode: mark the chain at Q16 dead / alive",
        "계가 모드: Q16의 돌을 사석 / 산 돌로",
    ),
    (
        "type a point, Enter plays it (count mode: :Q16 marks)",
        "점을 입력하고 Enter로 착수 (계가 모드: :Q16 표시)",
    ),
    ("0 the map, 1-6 jump to a step", "0 전체도, 1-6 단계로 이동"),
];
