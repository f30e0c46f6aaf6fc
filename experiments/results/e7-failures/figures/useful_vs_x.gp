# Written by experiments/figures.py; redraw with: gnuplot useful_vs_x.gp
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set terminal @pngterm size 800,600
set output '../useful_vs_x.png'

set logscale x
set xlabel 'checkpoint interval X (s)'
set ylabel 'useful work against no checkpoints, no faults'
set xrange [0.04:1.47]
set arrow from 0.249, graph 0 to 0.249, graph 1 nohead dt 3 lc rgb 'gray40'
set label "Young's X*" at 0.249, graph 0.05 offset 0.5,0
plot 'useful_vs_x.dat' using 1:3 with linespoints lw 2 dt 2 pt 6 lc rgb 'black' title 'model 1 - C/X - lambda (X/2 + R)', \
     'useful_vs_x.dat' using 1:2 with points pt 7 ps 1.5 lc rgb '#d73027' title 'measured (median of 5 seeds)'

set terminal svg size 800,600 dynamic
set output '../useful_vs_x.svg'

set logscale x
set xlabel 'checkpoint interval X (s)'
set ylabel 'useful work against no checkpoints, no faults'
set xrange [0.04:1.47]
set arrow from 0.249, graph 0 to 0.249, graph 1 nohead dt 3 lc rgb 'gray40'
set label "Young's X*" at 0.249, graph 0.05 offset 0.5,0
plot 'useful_vs_x.dat' using 1:3 with linespoints lw 2 dt 2 pt 6 lc rgb 'black' title 'model 1 - C/X - lambda (X/2 + R)', \
     'useful_vs_x.dat' using 1:2 with points pt 7 ps 1.5 lc rgb '#d73027' title 'measured (median of 5 seeds)'

