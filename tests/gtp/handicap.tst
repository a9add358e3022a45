# Handicap and setup stones as GTP controllers send them (GoGui's
# GtpSynchronizer, gogui-twogtp): runs of `play B` and `play W`, no
# alternation; and the GTP 2 handicap commands. The expected answers are
# GNU Go 3.8's (`gnugo --mode gtp`, no rule options: Japanese counting),
# so this file passes under gogui-regress with either program.
# The two games are GNU Go's own (level 1) from gogui-twogtp -handicap 2.

# ha2-0.sgf: GoGui sends the handicap as play B, then the game's moves
boardsize 9
clear_board
komi 6.5
play B C3
play B G7
play W C6
play B B5
play W E7
play B F5
play W E5
play B F4
play W B6
play B F8
play W G3
play B H4
play W E4
play B E2
play W B4
play B B3
play W C5
play B D8
play W F6
play B G6
play W H2
play B F2
play W B8
play B A4
play W A5
play B A3
play W E8
play B E9
play W D7
play B F7
play W C4
play B D3
play W C8
play B D9
play W C9
play B F9
play W E6
play B D4
play W E3
play B F3
play W D5
play B pass
play W pass
1 final_status_list dead
#? [G3\sH2]

2 final_score
#? [B\+19.5]

# ha2-3.sgf: GoGui sends the handicap as play B, then the game's moves
boardsize 9
clear_board
komi 6.5
play B C3
play B G7
play W D6
play B C7
play W E5
play B F3
play W F6
play B C6
play W E3
play B E2
play W C5
play B G6
play W E4
play B B5
play W E7
play B G5
play W D7
play B C4
play W C8
play B F2
play W B7
play B B6
play W B8
play B F8
play W D5
play B E8
play W D8
play B D9
play W A6
play B A4
play W C9
play B E9
play W F7
play B G8
play W F4
play B G4
play W D3
play B D2
play W A7
play B A5
play W F5
play B B3
play W D4
play B pass
play W pass
3 final_status_list dead
#? []

4 final_score
#? [B\+23.5]


# A position set up as controllers send setup stones: every black stone,
# then every white one, as play commands (no alternation)
boardsize 9
clear_board
komi 7.5
play B C7
play B E7
play B G7
play B A5
play B B5
play B C5
play B D5
play B E5
play B F5
play B G5
play B H5
play B J5
play W E8
play W A4
play W B4
play W C4
play W D4
play W E4
play W F4
play W G4
play W H4
play W J4
play W C3
play W G3
5 final_status_list dead
#? [E8]

6 final_score
#? [B\+1.5]


# The GTP 2 handicap commands (section 4.1.1 layout; vertices in board
# order, as GNU Go answers them). Their failures (board not empty, a
# repeated vertex) are checked in tests/it/gtp.rs: gogui-regress counts
# every error answer as a failed test.
boardsize 19
clear_board
11 fixed_handicap 3
#? [D16 Q16 D4]

clear_board
13 fixed_handicap 9
#? [D16 K16 Q16 D10 K10 Q10 D4 K4 Q4]

boardsize 9
clear_board
14 fixed_handicap 5
#? [C7 G7 E5 C3 G3]

clear_board
15 fixed_handicap 6
#? [C7 G7 C5 G5 C3 G3]

boardsize 10
clear_board
16 fixed_handicap 4
#? [C8 H8 C3 H3]

boardsize 9
clear_board
19 set_free_handicap C3 G7 E5
#? []

20 play W G3
21 final_status G3
#? [alive]

22 final_status C3
#? [alive]
