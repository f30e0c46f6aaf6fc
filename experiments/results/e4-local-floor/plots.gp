# Written by taups-sweep for /work/wt-h1/experiments/e4-local-floor.ini; redraw with: cd experiments/results/e4-local-floor && gnuplot plots.gp
# Each curve is a configuration's median over its successful seeds, its band their interquartile range.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set logscale y
set format y '%.0e'

set terminal @pngterm size 900,720
set output 'metric_vs_time-1.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-hetero=0_worker.local-lr=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-hetero=0_worker.local-lr=2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 local-lr=2' noenhanced, \
     'plots/p2-hetero=0_worker.local-lr=1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-hetero=0_worker.local-lr=1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 local-lr=1' noenhanced, \
     'plots/p3-hetero=0_worker.local-lr=0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-hetero=0_worker.local-lr=0.5-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 local-lr=0.5' noenhanced, \
     'plots/p4-hetero=0_worker.local-lr=0.25-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p4-hetero=0_worker.local-lr=0.25-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 local-lr=0.25' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-hetero=0_worker.local-lr=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-hetero=0_worker.local-lr=2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 local-lr=2' noenhanced, \
     'plots/p2-hetero=0_worker.local-lr=1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-hetero=0_worker.local-lr=1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 local-lr=1' noenhanced, \
     'plots/p3-hetero=0_worker.local-lr=0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-hetero=0_worker.local-lr=0.5-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 local-lr=0.5' noenhanced, \
     'plots/p4-hetero=0_worker.local-lr=0.25-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p4-hetero=0_worker.local-lr=0.25-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 local-lr=0.25' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p5-hetero=0.1_worker.local-lr=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p5-hetero=0.1_worker.local-lr=2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 local-lr=2' noenhanced, \
     'plots/p6-hetero=0.1_worker.local-lr=1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p6-hetero=0.1_worker.local-lr=1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 local-lr=1' noenhanced, \
     'plots/p7-hetero=0.1_worker.local-lr=0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p7-hetero=0.1_worker.local-lr=0.5-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 local-lr=0.5' noenhanced, \
     'plots/p8-hetero=0.1_worker.local-lr=0.25-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p8-hetero=0.1_worker.local-lr=0.25-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 local-lr=0.25' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p5-hetero=0.1_worker.local-lr=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p5-hetero=0.1_worker.local-lr=2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 local-lr=2' noenhanced, \
     'plots/p6-hetero=0.1_worker.local-lr=1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p6-hetero=0.1_worker.local-lr=1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 local-lr=1' noenhanced, \
     'plots/p7-hetero=0.1_worker.local-lr=0.5-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p7-hetero=0.1_worker.local-lr=0.5-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 local-lr=0.5' noenhanced, \
     'plots/p8-hetero=0.1_worker.local-lr=0.25-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p8-hetero=0.1_worker.local-lr=0.25-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 local-lr=0.25' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-hetero=0_worker.local-lr=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-hetero=0_worker.local-lr=2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 local-lr=2' noenhanced, \
     'plots/p2-hetero=0_worker.local-lr=1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-hetero=0_worker.local-lr=1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 local-lr=1' noenhanced, \
     'plots/p3-hetero=0_worker.local-lr=0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-hetero=0_worker.local-lr=0.5-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 local-lr=0.5' noenhanced, \
     'plots/p4-hetero=0_worker.local-lr=0.25-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p4-hetero=0_worker.local-lr=0.25-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 local-lr=0.25' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-hetero=0_worker.local-lr=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-hetero=0_worker.local-lr=2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 local-lr=2' noenhanced, \
     'plots/p2-hetero=0_worker.local-lr=1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-hetero=0_worker.local-lr=1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 local-lr=1' noenhanced, \
     'plots/p3-hetero=0_worker.local-lr=0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-hetero=0_worker.local-lr=0.5-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 local-lr=0.5' noenhanced, \
     'plots/p4-hetero=0_worker.local-lr=0.25-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p4-hetero=0_worker.local-lr=0.25-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 local-lr=0.25' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p5-hetero=0.1_worker.local-lr=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p5-hetero=0.1_worker.local-lr=2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 local-lr=2' noenhanced, \
     'plots/p6-hetero=0.1_worker.local-lr=1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p6-hetero=0.1_worker.local-lr=1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 local-lr=1' noenhanced, \
     'plots/p7-hetero=0.1_worker.local-lr=0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p7-hetero=0.1_worker.local-lr=0.5-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 local-lr=0.5' noenhanced, \
     'plots/p8-hetero=0.1_worker.local-lr=0.25-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p8-hetero=0.1_worker.local-lr=0.25-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 local-lr=0.25' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p5-hetero=0.1_worker.local-lr=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p5-hetero=0.1_worker.local-lr=2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 local-lr=2' noenhanced, \
     'plots/p6-hetero=0.1_worker.local-lr=1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p6-hetero=0.1_worker.local-lr=1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 local-lr=1' noenhanced, \
     'plots/p7-hetero=0.1_worker.local-lr=0.5-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p7-hetero=0.1_worker.local-lr=0.5-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 local-lr=0.5' noenhanced, \
     'plots/p8-hetero=0.1_worker.local-lr=0.25-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p8-hetero=0.1_worker.local-lr=0.25-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 local-lr=0.25' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-hetero=0_worker.local-lr=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-hetero=0_worker.local-lr=2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 local-lr=2' noenhanced, \
     'plots/p2-hetero=0_worker.local-lr=1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-hetero=0_worker.local-lr=1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 local-lr=1' noenhanced, \
     'plots/p3-hetero=0_worker.local-lr=0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-hetero=0_worker.local-lr=0.5-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 local-lr=0.5' noenhanced, \
     'plots/p4-hetero=0_worker.local-lr=0.25-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p4-hetero=0_worker.local-lr=0.25-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 local-lr=0.25' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-hetero=0_worker.local-lr=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-hetero=0_worker.local-lr=2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 local-lr=2' noenhanced, \
     'plots/p2-hetero=0_worker.local-lr=1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-hetero=0_worker.local-lr=1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 local-lr=1' noenhanced, \
     'plots/p3-hetero=0_worker.local-lr=0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-hetero=0_worker.local-lr=0.5-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 local-lr=0.5' noenhanced, \
     'plots/p4-hetero=0_worker.local-lr=0.25-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p4-hetero=0_worker.local-lr=0.25-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 local-lr=0.25' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p5-hetero=0.1_worker.local-lr=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p5-hetero=0.1_worker.local-lr=2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 local-lr=2' noenhanced, \
     'plots/p6-hetero=0.1_worker.local-lr=1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p6-hetero=0.1_worker.local-lr=1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 local-lr=1' noenhanced, \
     'plots/p7-hetero=0.1_worker.local-lr=0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p7-hetero=0.1_worker.local-lr=0.5-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 local-lr=0.5' noenhanced, \
     'plots/p8-hetero=0.1_worker.local-lr=0.25-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p8-hetero=0.1_worker.local-lr=0.25-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 local-lr=0.25' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p5-hetero=0.1_worker.local-lr=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p5-hetero=0.1_worker.local-lr=2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 local-lr=2' noenhanced, \
     'plots/p6-hetero=0.1_worker.local-lr=1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p6-hetero=0.1_worker.local-lr=1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 local-lr=1' noenhanced, \
     'plots/p7-hetero=0.1_worker.local-lr=0.5-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p7-hetero=0.1_worker.local-lr=0.5-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 local-lr=0.5' noenhanced, \
     'plots/p8-hetero=0.1_worker.local-lr=0.25-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p8-hetero=0.1_worker.local-lr=0.25-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 local-lr=0.25' noenhanced

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
set output 'staleness-p1-hetero=0_worker.local-lr=2.png'
set title 'hetero=0 local-lr=2' noenhanced
plot 'plots/p1-hetero=0_worker.local-lr=2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p1-hetero=0_worker.local-lr=2.svg'
set title 'hetero=0 local-lr=2' noenhanced
plot 'plots/p1-hetero=0_worker.local-lr=2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p2-hetero=0_worker.local-lr=1.png'
set title 'hetero=0 local-lr=1' noenhanced
plot 'plots/p2-hetero=0_worker.local-lr=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p2-hetero=0_worker.local-lr=1.svg'
set title 'hetero=0 local-lr=1' noenhanced
plot 'plots/p2-hetero=0_worker.local-lr=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p3-hetero=0_worker.local-lr=0.5.png'
set title 'hetero=0 local-lr=0.5' noenhanced
plot 'plots/p3-hetero=0_worker.local-lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p3-hetero=0_worker.local-lr=0.5.svg'
set title 'hetero=0 local-lr=0.5' noenhanced
plot 'plots/p3-hetero=0_worker.local-lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p4-hetero=0_worker.local-lr=0.25.png'
set title 'hetero=0 local-lr=0.25' noenhanced
plot 'plots/p4-hetero=0_worker.local-lr=0.25-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p4-hetero=0_worker.local-lr=0.25.svg'
set title 'hetero=0 local-lr=0.25' noenhanced
plot 'plots/p4-hetero=0_worker.local-lr=0.25-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p5-hetero=0.1_worker.local-lr=2.png'
set title 'hetero=0.1 local-lr=2' noenhanced
plot 'plots/p5-hetero=0.1_worker.local-lr=2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p5-hetero=0.1_worker.local-lr=2.svg'
set title 'hetero=0.1 local-lr=2' noenhanced
plot 'plots/p5-hetero=0.1_worker.local-lr=2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p6-hetero=0.1_worker.local-lr=1.png'
set title 'hetero=0.1 local-lr=1' noenhanced
plot 'plots/p6-hetero=0.1_worker.local-lr=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p6-hetero=0.1_worker.local-lr=1.svg'
set title 'hetero=0.1 local-lr=1' noenhanced
plot 'plots/p6-hetero=0.1_worker.local-lr=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p7-hetero=0.1_worker.local-lr=0.5.png'
set title 'hetero=0.1 local-lr=0.5' noenhanced
plot 'plots/p7-hetero=0.1_worker.local-lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p7-hetero=0.1_worker.local-lr=0.5.svg'
set title 'hetero=0.1 local-lr=0.5' noenhanced
plot 'plots/p7-hetero=0.1_worker.local-lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p8-hetero=0.1_worker.local-lr=0.25.png'
set title 'hetero=0.1 local-lr=0.25' noenhanced
plot 'plots/p8-hetero=0.1_worker.local-lr=0.25-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p8-hetero=0.1_worker.local-lr=0.25.svg'
set title 'hetero=0.1 local-lr=0.25' noenhanced
plot 'plots/p8-hetero=0.1_worker.local-lr=0.25-staleness.dat' using 1:2 with boxes
