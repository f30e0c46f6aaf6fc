# Written by experiments/figures.py; redraw with: gnuplot err_vs_b.gp
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set terminal @pngterm size 800,600
set output '../err_vs_b.png'

set xlabel 'backup workers b (of N = 8), each (law, b) at its tuned lr'
set ylabel 'rel_err after 1 s (median, IQR over 5 seeds)' noenhanced
set xrange [-0.3:4.3]
set yrange [0:*]
plot 'err_vs_b.dat' index 0 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 1 notitle, \
     'err_vs_b.dat' index 0 using 1:2 with linespoints lw 2 pt 7 lt 1 title 'const:2', \
     'err_vs_b.dat' index 1 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 2 notitle, \
     'err_vs_b.dat' index 1 using 1:2 with linespoints lw 2 pt 7 lt 2 title 'lognormal:2:1', \
     'err_vs_b.dat' index 2 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 3 notitle, \
     'err_vs_b.dat' index 2 using 1:2 with linespoints lw 2 pt 7 lt 3 title 'pareto:1.5:0.666667', \
     'err_vs_b.dat' index 3 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 4 notitle, \
     'err_vs_b.dat' index 3 using 1:2 with linespoints lw 2 pt 7 lt 4 title 'pareto:3:1.333333'

set terminal svg size 800,600 dynamic
set output '../err_vs_b.svg'

set xlabel 'backup workers b (of N = 8), each (law, b) at its tuned lr'
set ylabel 'rel_err after 1 s (median, IQR over 5 seeds)' noenhanced
set xrange [-0.3:4.3]
set yrange [0:*]
plot 'err_vs_b.dat' index 0 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 1 notitle, \
     'err_vs_b.dat' index 0 using 1:2 with linespoints lw 2 pt 7 lt 1 title 'const:2', \
     'err_vs_b.dat' index 1 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 2 notitle, \
     'err_vs_b.dat' index 1 using 1:2 with linespoints lw 2 pt 7 lt 2 title 'lognormal:2:1', \
     'err_vs_b.dat' index 2 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 3 notitle, \
     'err_vs_b.dat' index 2 using 1:2 with linespoints lw 2 pt 7 lt 3 title 'pareto:1.5:0.666667', \
     'err_vs_b.dat' index 3 using 1:3:4 with filledcurves fs transparent solid 0.2 lt 4 notitle, \
     'err_vs_b.dat' index 3 using 1:2 with linespoints lw 2 pt 7 lt 4 title 'pareto:3:1.333333'

