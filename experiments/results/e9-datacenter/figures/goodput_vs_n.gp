# Written by experiments/figures.py; redraw with: gnuplot goodput_vs_n.gp
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set terminal @pngterm size 800,600
set output '../goodput_vs_n.png'

set logscale xy 2
set xlabel 'workers N'
set ylabel 'goodput per worker (MB/s), links at 200mbit'
set xrange [0.8:10]
plot NaN with lines dt 2 lw 1.5 lc rgb 'gray40' title 'the chapter: G(S,1) / (1 + (N-1)/S)', \
     NaN with lines dt 3 lw 2 lc rgb 'gray40' title 'link: G(S,1) min(1, S/N)', \
     NaN with lines dt 4 lw 1.5 lc rgb 'gray40' title 'full duplex: G(S,1) min(1, 2S/N)', \
     NaN with points pt 6 ps 1.5 lc rgb 'gray40' title 'iperf3 per flow, both ways', \
     'goodput_vs_n.dat' index 0 using 1:2 with linespoints lw 2 pt 7 ps 1.3 lt 1 title 'taups, S = 1', \
     'goodput_vs_n.dat' index 0 using 1:3 with lines dt 2 lw 1.5 lt 1 notitle, \
     'goodput_vs_n.dat' index 0 using 1:4 with lines dt 3 lw 2 lt 1 notitle, \
     'goodput_vs_n.dat' index 0 using 1:5 with lines dt 4 lw 1.5 lt 1 notitle, \
     'goodput_vs_n.dat' index 0 using 1:6 with points pt 6 ps 1.5 lt 1 notitle, \
     'goodput_vs_n.dat' index 1 using 1:2 with linespoints lw 2 pt 7 ps 1.3 lt 2 title 'taups, S = 2', \
     'goodput_vs_n.dat' index 1 using 1:3 with lines dt 2 lw 1.5 lt 2 notitle, \
     'goodput_vs_n.dat' index 1 using 1:4 with lines dt 3 lw 2 lt 2 notitle, \
     'goodput_vs_n.dat' index 1 using 1:5 with lines dt 4 lw 1.5 lt 2 notitle, \
     'goodput_vs_n.dat' index 1 using 1:6 with points pt 6 ps 1.5 lt 2 notitle, \
     'goodput_vs_n.dat' index 2 using 1:2 with linespoints lw 2 pt 7 ps 1.3 lt 3 title 'taups, S = 4', \
     'goodput_vs_n.dat' index 2 using 1:3 with lines dt 2 lw 1.5 lt 3 notitle, \
     'goodput_vs_n.dat' index 2 using 1:4 with lines dt 3 lw 2 lt 3 notitle, \
     'goodput_vs_n.dat' index 2 using 1:5 with lines dt 4 lw 1.5 lt 3 notitle, \
     'goodput_vs_n.dat' index 2 using 1:6 with points pt 6 ps 1.5 lt 3 notitle

set terminal svg size 800,600 dynamic
set output '../goodput_vs_n.svg'

set logscale xy 2
set xlabel 'workers N'
set ylabel 'goodput per worker (MB/s), links at 200mbit'
set xrange [0.8:10]
plot NaN with lines dt 2 lw 1.5 lc rgb 'gray40' title 'the chapter: G(S,1) / (1 + (N-1)/S)', \
     NaN with lines dt 3 lw 2 lc rgb 'gray40' title 'link: G(S,1) min(1, S/N)', \
     NaN with lines dt 4 lw 1.5 lc rgb 'gray40' title 'full duplex: G(S,1) min(1, 2S/N)', \
     NaN with points pt 6 ps 1.5 lc rgb 'gray40' title 'iperf3 per flow, both ways', \
     'goodput_vs_n.dat' index 0 using 1:2 with linespoints lw 2 pt 7 ps 1.3 lt 1 title 'taups, S = 1', \
     'goodput_vs_n.dat' index 0 using 1:3 with lines dt 2 lw 1.5 lt 1 notitle, \
     'goodput_vs_n.dat' index 0 using 1:4 with lines dt 3 lw 2 lt 1 notitle, \
     'goodput_vs_n.dat' index 0 using 1:5 with lines dt 4 lw 1.5 lt 1 notitle, \
     'goodput_vs_n.dat' index 0 using 1:6 with points pt 6 ps 1.5 lt 1 notitle, \
     'goodput_vs_n.dat' index 1 using 1:2 with linespoints lw 2 pt 7 ps 1.3 lt 2 title 'taups, S = 2', \
     'goodput_vs_n.dat' index 1 using 1:3 with lines dt 2 lw 1.5 lt 2 notitle, \
     'goodput_vs_n.dat' index 1 using 1:4 with lines dt 3 lw 2 lt 2 notitle, \
     'goodput_vs_n.dat' index 1 using 1:5 with lines dt 4 lw 1.5 lt 2 notitle, \
     'goodput_vs_n.dat' index 1 using 1:6 with points pt 6 ps 1.5 lt 2 notitle, \
     'goodput_vs_n.dat' index 2 using 1:2 with linespoints lw 2 pt 7 ps 1.3 lt 3 title 'taups, S = 4', \
     'goodput_vs_n.dat' index 2 using 1:3 with lines dt 2 lw 1.5 lt 3 notitle, \
     'goodput_vs_n.dat' index 2 using 1:4 with lines dt 3 lw 2 lt 3 notitle, \
     'goodput_vs_n.dat' index 2 using 1:5 with lines dt 4 lw 1.5 lt 3 notitle, \
     'goodput_vs_n.dat' index 2 using 1:6 with points pt 6 ps 1.5 lt 3 notitle

