# Written by taups-sweep for experiments/e1-ssp.ini; redraw with: cd experiments/results/e1-ssp && gnuplot plots.gp
# Curves are each configuration's first successful seed.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set logscale y
set format y '%.0e'
set yrange [*:100]

set terminal @pngterm size 900,720
set output 'metric_vs_time.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-server.staleness=0.dat' using 1:3 with lines lw 2 dt 1 title 'staleness=0' noenhanced, \
     'plots/p2-server.staleness=1.dat' using 1:3 with lines lw 2 dt 1 title 'staleness=1' noenhanced, \
     'plots/p3-server.staleness=2.dat' using 1:3 with lines lw 2 dt 1 title 'staleness=2' noenhanced, \
     'plots/p4-server.staleness=5.dat' using 1:3 with lines lw 2 dt 1 title 'staleness=5' noenhanced, \
     'plots/p5-server.staleness=10.dat' using 1:3 with lines lw 2 dt 1 title 'staleness=10' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-server.staleness=0.dat' using 1:3 with lines lw 2 dt 1 title 'staleness=0' noenhanced, \
     'plots/p2-server.staleness=1.dat' using 1:3 with lines lw 2 dt 1 title 'staleness=1' noenhanced, \
     'plots/p3-server.staleness=2.dat' using 1:3 with lines lw 2 dt 1 title 'staleness=2' noenhanced, \
     'plots/p4-server.staleness=5.dat' using 1:3 with lines lw 2 dt 1 title 'staleness=5' noenhanced, \
     'plots/p5-server.staleness=10.dat' using 1:3 with lines lw 2 dt 1 title 'staleness=10' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-server.staleness=0.dat' using 2:3 with lines lw 2 dt 1 title 'staleness=0' noenhanced, \
     'plots/p2-server.staleness=1.dat' using 2:3 with lines lw 2 dt 1 title 'staleness=1' noenhanced, \
     'plots/p3-server.staleness=2.dat' using 2:3 with lines lw 2 dt 1 title 'staleness=2' noenhanced, \
     'plots/p4-server.staleness=5.dat' using 2:3 with lines lw 2 dt 1 title 'staleness=5' noenhanced, \
     'plots/p5-server.staleness=10.dat' using 2:3 with lines lw 2 dt 1 title 'staleness=10' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-server.staleness=0.dat' using 2:3 with lines lw 2 dt 1 title 'staleness=0' noenhanced, \
     'plots/p2-server.staleness=1.dat' using 2:3 with lines lw 2 dt 1 title 'staleness=1' noenhanced, \
     'plots/p3-server.staleness=2.dat' using 2:3 with lines lw 2 dt 1 title 'staleness=2' noenhanced, \
     'plots/p4-server.staleness=5.dat' using 2:3 with lines lw 2 dt 1 title 'staleness=5' noenhanced, \
     'plots/p5-server.staleness=10.dat' using 2:3 with lines lw 2 dt 1 title 'staleness=10' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-server.staleness=0.dat' using 4:3 with lines lw 2 dt 1 title 'staleness=0' noenhanced, \
     'plots/p2-server.staleness=1.dat' using 4:3 with lines lw 2 dt 1 title 'staleness=1' noenhanced, \
     'plots/p3-server.staleness=2.dat' using 4:3 with lines lw 2 dt 1 title 'staleness=2' noenhanced, \
     'plots/p4-server.staleness=5.dat' using 4:3 with lines lw 2 dt 1 title 'staleness=5' noenhanced, \
     'plots/p5-server.staleness=10.dat' using 4:3 with lines lw 2 dt 1 title 'staleness=10' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-server.staleness=0.dat' using 4:3 with lines lw 2 dt 1 title 'staleness=0' noenhanced, \
     'plots/p2-server.staleness=1.dat' using 4:3 with lines lw 2 dt 1 title 'staleness=1' noenhanced, \
     'plots/p3-server.staleness=2.dat' using 4:3 with lines lw 2 dt 1 title 'staleness=2' noenhanced, \
     'plots/p4-server.staleness=5.dat' using 4:3 with lines lw 2 dt 1 title 'staleness=5' noenhanced, \
     'plots/p5-server.staleness=10.dat' using 4:3 with lines lw 2 dt 1 title 'staleness=10' noenhanced

unset logscale x
set format x '%g'
unset logscale y
set format y '%g'
unset arrow
set format x '%g'
set autoscale y
set autoscale xfixmax
set style fill solid 0.6
set boxwidth 0.8
set key off
set xlabel 'staleness of a push (versions)'
set ylabel 'pushes'
set xrange [-0.5:*]
set terminal @pngterm size 700,450
set output 'staleness-p1-server.staleness=0.png'
set title 'staleness=0' noenhanced
plot 'plots/p1-server.staleness=0-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p1-server.staleness=0.svg'
set title 'staleness=0' noenhanced
plot 'plots/p1-server.staleness=0-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p2-server.staleness=1.png'
set title 'staleness=1' noenhanced
plot 'plots/p2-server.staleness=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p2-server.staleness=1.svg'
set title 'staleness=1' noenhanced
plot 'plots/p2-server.staleness=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p3-server.staleness=2.png'
set title 'staleness=2' noenhanced
plot 'plots/p3-server.staleness=2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p3-server.staleness=2.svg'
set title 'staleness=2' noenhanced
plot 'plots/p3-server.staleness=2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p4-server.staleness=5.png'
set title 'staleness=5' noenhanced
plot 'plots/p4-server.staleness=5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p4-server.staleness=5.svg'
set title 'staleness=5' noenhanced
plot 'plots/p4-server.staleness=5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p5-server.staleness=10.png'
set title 'staleness=10' noenhanced
plot 'plots/p5-server.staleness=10-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p5-server.staleness=10.svg'
set title 'staleness=10' noenhanced
plot 'plots/p5-server.staleness=10-staleness.dat' using 1:2 with boxes
