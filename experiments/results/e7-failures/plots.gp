# Written by taups-sweep for experiments/e7-failures.ini; redraw with: cd experiments/results/e7-failures && gnuplot plots.gp
# Curves are each configuration's first successful seed.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set logscale y
set format y '%.0e'

set terminal @pngterm size 900,720
set output 'metric_vs_time.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p1-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p2-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1e9.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p3-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p4-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1e9.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p5-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1.5_7.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p6-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p7-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1.5_7.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1.5:7' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p1-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p2-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1e9.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p3-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p4-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1e9.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p5-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1.5_7.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p6-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p7-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1.5_7.dat' using 1:3 with lines lw 2 title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1.5:7' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p1-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p2-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1e9.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p3-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p4-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1e9.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p5-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1.5_7.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p6-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p7-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1.5_7.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1.5:7' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p1-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p2-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1e9.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p3-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p4-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1e9.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p5-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1.5_7.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p6-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p7-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1.5_7.dat' using 2:3 with lines lw 2 title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1.5:7' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p1-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p2-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1e9.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p3-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p4-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1e9.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p5-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1.5_7.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p6-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p7-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1.5_7.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1.5:7' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p1-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p2-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1e9.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p3-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p4-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1e9.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p5-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1.5_7.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p6-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p7-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1.5_7.dat' using 4:3 with lines lw 2 title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1.5:7' noenhanced

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
set output 'staleness-p1-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9.png'
set title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p1-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p1-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9.svg'
set title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p1-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p2-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1e9.png'
set title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p2-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p2-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1e9.svg'
set title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p2-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p3-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9.png'
set title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p3-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p3-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9.svg'
set title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p3-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p4-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1e9.png'
set title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p4-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p4-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1e9.svg'
set title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p4-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p5-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1.5_7.png'
set title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p5-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p5-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1.5_7.svg'
set title 'checkpoint-every=0.03 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p5-server.checkpoint-every=0.03_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p6-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7.png'
set title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p6-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p6-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7.svg'
set title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p6-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes

set terminal @pngterm size 700,450
set output 'staleness-p7-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1.5_7.png'
set title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p7-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes

set terminal svg size 700,450 dynamic
set output 'staleness-p7-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1.5_7.svg'
set title 'checkpoint-every=0.48 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p7-server.checkpoint-every=0.48_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes
