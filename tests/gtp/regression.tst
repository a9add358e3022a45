# A GNU Go style regression file: loadsgf, numbered commands, and the
# expected answers in "#?" comments (which a GTP engine ignores). Paths
# are relative to this file, as GNU Go's harness and gogui-regress run it.
loadsgf ../../samples/9x9-finished.sgf
1 final_status_list dead
#? [E8]

2 final_score
#? [B\+1.5]

loadsgf ../../samples/9x9-seki.sgf
3 final_status_list seki
#? [.*]

4 final_score
#? [B\+.*]

loadsgf ../../samples/9x9-finished.sgf 10
5 showboard
6 final_status_list alive
