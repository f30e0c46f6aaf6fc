# Written by experiments/figures.py; redraw with: gnuplot steps_vs_k.gp
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set terminal @pngterm size 800,600
set output '../steps_vs_k.png'

set logscale xy 2
set xlabel 'K (local steps, or gradients accumulated, per sync)'
set ylabel 'minibatch steps per worker to rel_err 0.15 (median, IQR)' noenhanced
set xrange [0.8:40]
plot 'steps_vs_k.dat' index 0 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 1 notitle, \
     'steps_vs_k.dat' index 0 using 1:2 with linespoints lw 2 pt 7 lt 1 title 'accumulation, hetero 0', \
     'steps_vs_k.dat' index 1 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 2 notitle, \
     'steps_vs_k.dat' index 1 using 1:2 with linespoints lw 2 pt 7 lt 2 title 'accumulation, hetero 0.1', \
     'steps_vs_k.dat' index 2 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 3 notitle, \
     'steps_vs_k.dat' index 2 using 1:2 with linespoints lw 2 pt 7 lt 3 title 'averaging, hetero 0', \
     'steps_vs_k.dat' index 3 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 4 notitle, \
     'steps_vs_k.dat' index 3 using 1:2 with linespoints lw 2 pt 7 lt 4 title 'averaging, hetero 0.1'

set terminal svg size 800,600 dynamic
set output '../steps_vs_k.svg'

set logscale xy 2
set xlabel 'K (local steps, or gradients accumulated, per sync)'
set ylabel 'minibatch steps per worker to rel_err 0.15 (median, IQR)' noenhanced
set xrange [0.8:40]
plot 'steps_vs_k.dat' index 0 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 1 notitle, \
     'steps_vs_k.dat' index 0 using 1:2 with linespoints lw 2 pt 7 lt 1 title 'accumulation, hetero 0', \
     'steps_vs_k.dat' index 1 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 2 notitle, \
     'steps_vs_k.dat' index 1 using 1:2 with linespoints lw 2 pt 7 lt 2 title 'accumulation, hetero 0.1', \
     'steps_vs_k.dat' index 2 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 3 notitle, \
     'steps_vs_k.dat' index 2 using 1:2 with linespoints lw 2 pt 7 lt 3 title 'averaging, hetero 0', \
     'steps_vs_k.dat' index 3 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 4 notitle, \
     'steps_vs_k.dat' index 3 using 1:2 with linespoints lw 2 pt 7 lt 4 title 'averaging, hetero 0.1'

