# Written by taups-sweep for /work/wt-h1/experiments/e6-shards.ini; redraw with: cd experiments/results/e6-shards && gnuplot plots.gp
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
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p1-shards=1_workers=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-shards=1_workers=2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=1 workers=2' noenhanced, \
     'plots/p2-shards=1_workers=4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-shards=1_workers=4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=1 workers=4' noenhanced, \
     'plots/p3-shards=1_workers=8-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-shards=1_workers=8-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=1 workers=8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p1-shards=1_workers=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-shards=1_workers=2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=1 workers=2' noenhanced, \
     'plots/p2-shards=1_workers=4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-shards=1_workers=4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=1 workers=4' noenhanced, \
     'plots/p3-shards=1_workers=8-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-shards=1_workers=8-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=1 workers=8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p4-shards=2_workers=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p4-shards=2_workers=2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=2 workers=2' noenhanced, \
     'plots/p5-shards=2_workers=4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p5-shards=2_workers=4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=2 workers=4' noenhanced, \
     'plots/p6-shards=2_workers=8-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p6-shards=2_workers=8-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=2 workers=8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p4-shards=2_workers=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p4-shards=2_workers=2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=2 workers=2' noenhanced, \
     'plots/p5-shards=2_workers=4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p5-shards=2_workers=4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=2 workers=4' noenhanced, \
     'plots/p6-shards=2_workers=8-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p6-shards=2_workers=8-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=2 workers=8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-3.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p7-shards=4_workers=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p7-shards=4_workers=2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=4 workers=2' noenhanced, \
     'plots/p8-shards=4_workers=4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p8-shards=4_workers=4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=4 workers=4' noenhanced, \
     'plots/p9-shards=4_workers=8-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p9-shards=4_workers=8-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=4 workers=8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-3.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p7-shards=4_workers=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p7-shards=4_workers=2-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=4 workers=2' noenhanced, \
     'plots/p8-shards=4_workers=4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p8-shards=4_workers=4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=4 workers=4' noenhanced, \
     'plots/p9-shards=4_workers=8-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p9-shards=4_workers=8-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=4 workers=8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p1-shards=1_workers=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-shards=1_workers=2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=1 workers=2' noenhanced, \
     'plots/p2-shards=1_workers=4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-shards=1_workers=4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=1 workers=4' noenhanced, \
     'plots/p3-shards=1_workers=8-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-shards=1_workers=8-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=1 workers=8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p1-shards=1_workers=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-shards=1_workers=2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=1 workers=2' noenhanced, \
     'plots/p2-shards=1_workers=4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-shards=1_workers=4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=1 workers=4' noenhanced, \
     'plots/p3-shards=1_workers=8-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-shards=1_workers=8-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=1 workers=8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p4-shards=2_workers=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p4-shards=2_workers=2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=2 workers=2' noenhanced, \
     'plots/p5-shards=2_workers=4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p5-shards=2_workers=4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=2 workers=4' noenhanced, \
     'plots/p6-shards=2_workers=8-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p6-shards=2_workers=8-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=2 workers=8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p4-shards=2_workers=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p4-shards=2_workers=2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=2 workers=2' noenhanced, \
     'plots/p5-shards=2_workers=4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p5-shards=2_workers=4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=2 workers=4' noenhanced, \
     'plots/p6-shards=2_workers=8-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p6-shards=2_workers=8-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=2 workers=8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p7-shards=4_workers=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p7-shards=4_workers=2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=4 workers=2' noenhanced, \
     'plots/p8-shards=4_workers=4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p8-shards=4_workers=4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=4 workers=4' noenhanced, \
     'plots/p9-shards=4_workers=8-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p9-shards=4_workers=8-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=4 workers=8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p7-shards=4_workers=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p7-shards=4_workers=2-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=4 workers=2' noenhanced, \
     'plots/p8-shards=4_workers=4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p8-shards=4_workers=4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=4 workers=4' noenhanced, \
     'plots/p9-shards=4_workers=8-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p9-shards=4_workers=8-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=4 workers=8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p1-shards=1_workers=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-shards=1_workers=2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=1 workers=2' noenhanced, \
     'plots/p2-shards=1_workers=4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-shards=1_workers=4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=1 workers=4' noenhanced, \
     'plots/p3-shards=1_workers=8-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-shards=1_workers=8-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=1 workers=8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p1-shards=1_workers=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p1-shards=1_workers=2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=1 workers=2' noenhanced, \
     'plots/p2-shards=1_workers=4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p2-shards=1_workers=4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=1 workers=4' noenhanced, \
     'plots/p3-shards=1_workers=8-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p3-shards=1_workers=8-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=1 workers=8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p4-shards=2_workers=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p4-shards=2_workers=2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=2 workers=2' noenhanced, \
     'plots/p5-shards=2_workers=4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p5-shards=2_workers=4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=2 workers=4' noenhanced, \
     'plots/p6-shards=2_workers=8-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p6-shards=2_workers=8-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=2 workers=8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p4-shards=2_workers=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p4-shards=2_workers=2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=2 workers=2' noenhanced, \
     'plots/p5-shards=2_workers=4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p5-shards=2_workers=4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=2 workers=4' noenhanced, \
     'plots/p6-shards=2_workers=8-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p6-shards=2_workers=8-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=2 workers=8' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p7-shards=4_workers=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p7-shards=4_workers=2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=4 workers=2' noenhanced, \
     'plots/p8-shards=4_workers=4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p8-shards=4_workers=4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=4 workers=4' noenhanced, \
     'plots/p9-shards=4_workers=8-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p9-shards=4_workers=8-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=4 workers=8' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p7-shards=4_workers=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p7-shards=4_workers=2-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'shards=4 workers=2' noenhanced, \
     'plots/p8-shards=4_workers=4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p8-shards=4_workers=4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'shards=4 workers=4' noenhanced, \
     'plots/p9-shards=4_workers=8-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p9-shards=4_workers=8-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'shards=4 workers=8' noenhanced

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
set output 'staleness-p1-shards=1_workers=2.png'
set title 'shards=1 workers=2' noenhanced
plot 'plots/p1-shards=1_workers=2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p1-shards=1_workers=2.svg'
set title 'shards=1 workers=2' noenhanced
plot 'plots/p1-shards=1_workers=2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p2-shards=1_workers=4.png'
set title 'shards=1 workers=4' noenhanced
plot 'plots/p2-shards=1_workers=4-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p2-shards=1_workers=4.svg'
set title 'shards=1 workers=4' noenhanced
plot 'plots/p2-shards=1_workers=4-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p3-shards=1_workers=8.png'
set title 'shards=1 workers=8' noenhanced
plot 'plots/p3-shards=1_workers=8-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p3-shards=1_workers=8.svg'
set title 'shards=1 workers=8' noenhanced
plot 'plots/p3-shards=1_workers=8-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p4-shards=2_workers=2.png'
set title 'shards=2 workers=2' noenhanced
plot 'plots/p4-shards=2_workers=2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p4-shards=2_workers=2.svg'
set title 'shards=2 workers=2' noenhanced
plot 'plots/p4-shards=2_workers=2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p5-shards=2_workers=4.png'
set title 'shards=2 workers=4' noenhanced
plot 'plots/p5-shards=2_workers=4-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p5-shards=2_workers=4.svg'
set title 'shards=2 workers=4' noenhanced
plot 'plots/p5-shards=2_workers=4-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p6-shards=2_workers=8.png'
set title 'shards=2 workers=8' noenhanced
plot 'plots/p6-shards=2_workers=8-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p6-shards=2_workers=8.svg'
set title 'shards=2 workers=8' noenhanced
plot 'plots/p6-shards=2_workers=8-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p7-shards=4_workers=2.png'
set title 'shards=4 workers=2' noenhanced
plot 'plots/p7-shards=4_workers=2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p7-shards=4_workers=2.svg'
set title 'shards=4 workers=2' noenhanced
plot 'plots/p7-shards=4_workers=2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p8-shards=4_workers=4.png'
set title 'shards=4 workers=4' noenhanced
plot 'plots/p8-shards=4_workers=4-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p8-shards=4_workers=4.svg'
set title 'shards=4 workers=4' noenhanced
plot 'plots/p8-shards=4_workers=4-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p9-shards=4_workers=8.png'
set title 'shards=4 workers=8' noenhanced
plot 'plots/p9-shards=4_workers=8-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p9-shards=4_workers=8.svg'
set title 'shards=4 workers=8' noenhanced
plot 'plots/p9-shards=4_workers=8-staleness.dat' using 1:2 with boxes
