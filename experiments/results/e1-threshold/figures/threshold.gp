# Written by experiments/figures.py; redraw with: gnuplot threshold.gp
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set terminal @pngterm size 800,600
set output '../threshold.png'

set logscale xy
set xlabel 'delay tau (updates)'
set ylabel 'learning rate x lambda_max' noenhanced
set yrange [0.03:3]
set xrange [0.8:25]
set samples 400
plot 2*sin(pi/(4*x+2)) lw 2 lc rgb 'black' title 'exact bound 2 sin(pi/(4 tau + 2))', \
     1/x lw 2 dt 2 lc rgb 'gray40' title "the chapter's lr tau lambda < 1", \
     'threshold.dat' index 0 using 1:2 with points pt 7 ps 1.5 lc rgb '#1a9850' title 'all runs converged', \
     'threshold.dat' index 1 using 1:2 with points pt 2 ps 2 lw 2 lc rgb '#d73027' title 'runs diverged'

set terminal svg size 800,600 dynamic
set output '../threshold.svg'

set logscale xy
set xlabel 'delay tau (updates)'
set ylabel 'learning rate x lambda_max' noenhanced
set yrange [0.03:3]
set xrange [0.8:25]
set samples 400
plot 2*sin(pi/(4*x+2)) lw 2 lc rgb 'black' title 'exact bound 2 sin(pi/(4 tau + 2))', \
     1/x lw 2 dt 2 lc rgb 'gray40' title "the chapter's lr tau lambda < 1", \
     'threshold.dat' index 0 using 1:2 with points pt 7 ps 1.5 lc rgb '#1a9850' title 'all runs converged', \
     'threshold.dat' index 1 using 1:2 with points pt 2 ps 2 lw 2 lc rgb '#d73027' title 'runs diverged'

