# Written by experiments/figures.py; redraw with: gnuplot updates_vs_mu.gp
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set terminal @pngterm size 800,600
set output '../updates_vs_mu.png'

set xlabel 'explicit momentum mu (each at its tuned lr)'
set ylabel 'updates to the target (median, interquartile range)'
set xrange [-0.05:1]
set yrange [0:*]
plot 'updates_vs_mu.dat' index 0 using 1:2:3:4 with yerrorlines lw 2 pt 7 lt 1 title 'read lag = 1', \
     'updates_vs_mu.dat' index 1 using 1:2:3:4 with yerrorlines lw 2 pt 7 lt 2 title 'read lag = 3', \
     'updates_vs_mu.dat' index 2 using 1:2:3:4 with yerrorlines lw 2 pt 7 lt 3 title 'read lag = 7'

set terminal svg size 800,600 dynamic
set output '../updates_vs_mu.svg'

set xlabel 'explicit momentum mu (each at its tuned lr)'
set ylabel 'updates to the target (median, interquartile range)'
set xrange [-0.05:1]
set yrange [0:*]
plot 'updates_vs_mu.dat' index 0 using 1:2:3:4 with yerrorlines lw 2 pt 7 lt 1 title 'read lag = 1', \
     'updates_vs_mu.dat' index 1 using 1:2:3:4 with yerrorlines lw 2 pt 7 lt 2 title 'read lag = 3', \
     'updates_vs_mu.dat' index 2 using 1:2:3:4 with yerrorlines lw 2 pt 7 lt 3 title 'read lag = 7'

