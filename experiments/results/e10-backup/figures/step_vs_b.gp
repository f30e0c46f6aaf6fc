# Written by experiments/figures.py; redraw with: gnuplot step_vs_b.gp
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set terminal @pngterm size 800,600
set output '../step_vs_b.png'

set xlabel 'backup workers b (of N = 8)'
set ylabel 'sync step (ms)'
set xrange [-0.3:4.3]
set yrange [0:*]
plot 'step_vs_b.dat' index 0 using 1:5 with lines lw 2 dt 2 lt 1 title 'model, const:2', \
     'step_vs_b.dat' index 0 using 1:2:3:4 with yerrorbars pt 7 ps 1.3 lt 1 title 'measured (median, min-max), const:2', \
     'step_vs_b.dat' index 1 using 1:5 with lines lw 2 dt 2 lt 2 title 'model, lognormal:2:1', \
     'step_vs_b.dat' index 1 using 1:2:3:4 with yerrorbars pt 7 ps 1.3 lt 2 title 'measured (median, min-max), lognormal:2:1', \
     'step_vs_b.dat' index 2 using 1:5 with lines lw 2 dt 2 lt 3 title 'model, pareto:1.5:0.666667', \
     'step_vs_b.dat' index 2 using 1:2:3:4 with yerrorbars pt 7 ps 1.3 lt 3 title 'measured (median, min-max), pareto:1.5:0.666667', \
     'step_vs_b.dat' index 3 using 1:5 with lines lw 2 dt 2 lt 4 title 'model, pareto:3:1.333333', \
     'step_vs_b.dat' index 3 using 1:2:3:4 with yerrorbars pt 7 ps 1.3 lt 4 title 'measured (median, min-max), pareto:3:1.333333'

set terminal svg size 800,600 dynamic
set output '../step_vs_b.svg'

set xlabel 'backup workers b (of N = 8)'
set ylabel 'sync step (ms)'
set xrange [-0.3:4.3]
set yrange [0:*]
plot 'step_vs_b.dat' index 0 using 1:5 with lines lw 2 dt 2 lt 1 title 'model, const:2', \
     'step_vs_b.dat' index 0 using 1:2:3:4 with yerrorbars pt 7 ps 1.3 lt 1 title 'measured (median, min-max), const:2', \
     'step_vs_b.dat' index 1 using 1:5 with lines lw 2 dt 2 lt 2 title 'model, lognormal:2:1', \
     'step_vs_b.dat' index 1 using 1:2:3:4 with yerrorbars pt 7 ps 1.3 lt 2 title 'measured (median, min-max), lognormal:2:1', \
     'step_vs_b.dat' index 2 using 1:5 with lines lw 2 dt 2 lt 3 title 'model, pareto:1.5:0.666667', \
     'step_vs_b.dat' index 2 using 1:2:3:4 with yerrorbars pt 7 ps 1.3 lt 3 title 'measured (median, min-max), pareto:1.5:0.666667', \
     'step_vs_b.dat' index 3 using 1:5 with lines lw 2 dt 2 lt 4 title 'model, pareto:3:1.333333', \
     'step_vs_b.dat' index 3 using 1:2:3:4 with yerrorbars pt 7 ps 1.3 lt 4 title 'measured (median, min-max), pareto:3:1.333333'

