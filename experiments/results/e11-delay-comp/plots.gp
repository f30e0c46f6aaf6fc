# Written by taups-sweep for /work/main/experiments/e11-delay-comp.ini; redraw with: cd experiments/results/e11-delay-comp && gnuplot plots.gp
# Each curve is a configuration's median over its successful seeds, its band their interquartile range.
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
set arrow from graph 0, first 0.05 to graph 1, first 0.05 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-server.staleness-weight=none_server.max-staleness=-1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-server.staleness-weight=none_server.max-staleness=-1-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'staleness-weight=none max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'staleness-weight=inverse max-staleness=-1 lr=0.2' noenhanced, \
     'plots/p3-server.staleness-weight=none_server.max-staleness=16-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-server.staleness-weight=none_server.max-staleness=16-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'staleness-weight=none max-staleness=16 lr=0.05' noenhanced, \
     'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'staleness-weight=dc:0.1 max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'staleness-weight=dc:1 max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'staleness-weight=dc:10 max-staleness=-1 lr=0.05' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.05 to graph 1, first 0.05 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-server.staleness-weight=none_server.max-staleness=-1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-server.staleness-weight=none_server.max-staleness=-1-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'staleness-weight=none max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'staleness-weight=inverse max-staleness=-1 lr=0.2' noenhanced, \
     'plots/p3-server.staleness-weight=none_server.max-staleness=16-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-server.staleness-weight=none_server.max-staleness=16-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'staleness-weight=none max-staleness=16 lr=0.05' noenhanced, \
     'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'staleness-weight=dc:0.1 max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'staleness-weight=dc:1 max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'staleness-weight=dc:10 max-staleness=-1 lr=0.05' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.05 to graph 1, first 0.05 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-server.staleness-weight=none_server.max-staleness=-1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-server.staleness-weight=none_server.max-staleness=-1-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'staleness-weight=none max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'staleness-weight=inverse max-staleness=-1 lr=0.2' noenhanced, \
     'plots/p3-server.staleness-weight=none_server.max-staleness=16-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-server.staleness-weight=none_server.max-staleness=16-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'staleness-weight=none max-staleness=16 lr=0.05' noenhanced, \
     'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'staleness-weight=dc:0.1 max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'staleness-weight=dc:1 max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'staleness-weight=dc:10 max-staleness=-1 lr=0.05' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.05 to graph 1, first 0.05 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-server.staleness-weight=none_server.max-staleness=-1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-server.staleness-weight=none_server.max-staleness=-1-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'staleness-weight=none max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'staleness-weight=inverse max-staleness=-1 lr=0.2' noenhanced, \
     'plots/p3-server.staleness-weight=none_server.max-staleness=16-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-server.staleness-weight=none_server.max-staleness=16-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'staleness-weight=none max-staleness=16 lr=0.05' noenhanced, \
     'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'staleness-weight=dc:0.1 max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'staleness-weight=dc:1 max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'staleness-weight=dc:10 max-staleness=-1 lr=0.05' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.05 to graph 1, first 0.05 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-server.staleness-weight=none_server.max-staleness=-1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-server.staleness-weight=none_server.max-staleness=-1-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'staleness-weight=none max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'staleness-weight=inverse max-staleness=-1 lr=0.2' noenhanced, \
     'plots/p3-server.staleness-weight=none_server.max-staleness=16-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-server.staleness-weight=none_server.max-staleness=16-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'staleness-weight=none max-staleness=16 lr=0.05' noenhanced, \
     'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'staleness-weight=dc:0.1 max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'staleness-weight=dc:1 max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'staleness-weight=dc:10 max-staleness=-1 lr=0.05' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.05 to graph 1, first 0.05 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p1-server.staleness-weight=none_server.max-staleness=-1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-server.staleness-weight=none_server.max-staleness=-1-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'staleness-weight=none max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'staleness-weight=inverse max-staleness=-1 lr=0.2' noenhanced, \
     'plots/p3-server.staleness-weight=none_server.max-staleness=16-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-server.staleness-weight=none_server.max-staleness=16-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'staleness-weight=none max-staleness=16 lr=0.05' noenhanced, \
     'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'staleness-weight=dc:0.1 max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'staleness-weight=dc:1 max-staleness=-1 lr=0.05' noenhanced, \
     'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'staleness-weight=dc:10 max-staleness=-1 lr=0.05' noenhanced

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
set output 'staleness-p1-server.staleness-weight=none_server.max-staleness=-1.png'
set title 'staleness-weight=none max-staleness=-1 lr=0.05' noenhanced
plot 'plots/p1-server.staleness-weight=none_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p1-server.staleness-weight=none_server.max-staleness=-1.svg'
set title 'staleness-weight=none max-staleness=-1 lr=0.05' noenhanced
plot 'plots/p1-server.staleness-weight=none_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p2-server.staleness-weight=inverse_server.max-staleness=-1.png'
set title 'staleness-weight=inverse max-staleness=-1 lr=0.2' noenhanced
plot 'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p2-server.staleness-weight=inverse_server.max-staleness=-1.svg'
set title 'staleness-weight=inverse max-staleness=-1 lr=0.2' noenhanced
plot 'plots/p2-server.staleness-weight=inverse_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p3-server.staleness-weight=none_server.max-staleness=16.png'
set title 'staleness-weight=none max-staleness=16 lr=0.05' noenhanced
plot 'plots/p3-server.staleness-weight=none_server.max-staleness=16-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p3-server.staleness-weight=none_server.max-staleness=16.svg'
set title 'staleness-weight=none max-staleness=16 lr=0.05' noenhanced
plot 'plots/p3-server.staleness-weight=none_server.max-staleness=16-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p4-server.staleness-weight=dc_0.1_server.max-staleness=-1.png'
set title 'staleness-weight=dc:0.1 max-staleness=-1 lr=0.05' noenhanced
plot 'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p4-server.staleness-weight=dc_0.1_server.max-staleness=-1.svg'
set title 'staleness-weight=dc:0.1 max-staleness=-1 lr=0.05' noenhanced
plot 'plots/p4-server.staleness-weight=dc_0.1_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p5-server.staleness-weight=dc_1_server.max-staleness=-1.png'
set title 'staleness-weight=dc:1 max-staleness=-1 lr=0.05' noenhanced
plot 'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p5-server.staleness-weight=dc_1_server.max-staleness=-1.svg'
set title 'staleness-weight=dc:1 max-staleness=-1 lr=0.05' noenhanced
plot 'plots/p5-server.staleness-weight=dc_1_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p6-server.staleness-weight=dc_10_server.max-staleness=-1.png'
set title 'staleness-weight=dc:10 max-staleness=-1 lr=0.05' noenhanced
plot 'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p6-server.staleness-weight=dc_10_server.max-staleness=-1.svg'
set title 'staleness-weight=dc:10 max-staleness=-1 lr=0.05' noenhanced
plot 'plots/p6-server.staleness-weight=dc_10_server.max-staleness=-1-staleness.dat' using 1:2 with boxes
