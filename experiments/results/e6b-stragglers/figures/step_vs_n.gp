# Written by experiments/figures.py; redraw with: gnuplot step_vs_n.gp
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set terminal @pngterm size 800,600
set output '../step_vs_n.png'

set logscale x 2
set xlabel 'workers N'
set ylabel 'sync step less overhead (ms)'
set xrange [1.7:19]
plot 'step_vs_n.dat' index 0 using 1:3 with lines lw 2 lt 1 title 'E[max of N], CV 0.1', \
     'step_vs_n.dat' index 0 using 1:4 with lines dt 2 lt 1 title 'mean + sd sqrt(2 ln N)', \
     'step_vs_n.dat' index 0 using 1:2 with points pt 7 ps 1.3 lt 1 title 'measured - o(N)', \
     'step_vs_n.dat' index 1 using 1:3 with lines lw 2 lt 2 title 'E[max of N], CV 0.2', \
     'step_vs_n.dat' index 1 using 1:4 with lines dt 2 lt 2 title 'mean + sd sqrt(2 ln N)', \
     'step_vs_n.dat' index 1 using 1:2 with points pt 7 ps 1.3 lt 2 title 'measured - o(N)', \
     'step_vs_n.dat' index 2 using 1:3 with lines lw 2 lt 3 title 'E[max of N], CV 0.5', \
     'step_vs_n.dat' index 2 using 1:4 with lines dt 2 lt 3 title 'mean + sd sqrt(2 ln N)', \
     'step_vs_n.dat' index 2 using 1:2 with points pt 7 ps 1.3 lt 3 title 'measured - o(N)', \
     'step_vs_n.dat' index 3 using 1:3 with lines lw 2 lt 4 title 'E[max of N], CV 1', \
     'step_vs_n.dat' index 3 using 1:4 with lines dt 2 lt 4 title 'mean + sd sqrt(2 ln N)', \
     'step_vs_n.dat' index 3 using 1:2 with points pt 7 ps 1.3 lt 4 title 'measured - o(N)'

set terminal svg size 800,600 dynamic
set output '../step_vs_n.svg'

set logscale x 2
set xlabel 'workers N'
set ylabel 'sync step less overhead (ms)'
set xrange [1.7:19]
plot 'step_vs_n.dat' index 0 using 1:3 with lines lw 2 lt 1 title 'E[max of N], CV 0.1', \
     'step_vs_n.dat' index 0 using 1:4 with lines dt 2 lt 1 title 'mean + sd sqrt(2 ln N)', \
     'step_vs_n.dat' index 0 using 1:2 with points pt 7 ps 1.3 lt 1 title 'measured - o(N)', \
     'step_vs_n.dat' index 1 using 1:3 with lines lw 2 lt 2 title 'E[max of N], CV 0.2', \
     'step_vs_n.dat' index 1 using 1:4 with lines dt 2 lt 2 title 'mean + sd sqrt(2 ln N)', \
     'step_vs_n.dat' index 1 using 1:2 with points pt 7 ps 1.3 lt 2 title 'measured - o(N)', \
     'step_vs_n.dat' index 2 using 1:3 with lines lw 2 lt 3 title 'E[max of N], CV 0.5', \
     'step_vs_n.dat' index 2 using 1:4 with lines dt 2 lt 3 title 'mean + sd sqrt(2 ln N)', \
     'step_vs_n.dat' index 2 using 1:2 with points pt 7 ps 1.3 lt 3 title 'measured - o(N)', \
     'step_vs_n.dat' index 3 using 1:3 with lines lw 2 lt 4 title 'E[max of N], CV 1', \
     'step_vs_n.dat' index 3 using 1:4 with lines dt 2 lt 4 title 'mean + sd sqrt(2 ln N)', \
     'step_vs_n.dat' index 3 using 1:2 with points pt 7 ps 1.3 lt 4 title 'measured - o(N)'

