# Written by taups-sweep for /work/main/experiments/e7-failures.ini; redraw with: cd experiments/results/e7-failures && gnuplot plots.gp
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
plot 'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1e9' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1e9' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1.5:7' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1.5:7' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1e9' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1e9' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1.5:7' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1.5:7' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1e9' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1e9' noenhanced, \
     'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1e9' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1.5:7' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'metric' noenhanced
unset arrow
plot 'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1.5:7' noenhanced, \
     'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1.5:7' noenhanced

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
set output 'staleness-p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9.png'
set title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9.svg'
set title 'checkpoint-every=0 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p01-server.checkpoint-every=0_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9.png'
set title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9.svg'
set title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p02-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9.png'
set title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9.svg'
set title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p03-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9.png'
set title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9.svg'
set title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p04-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9.png'
set title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9.svg'
set title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p05-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9.png'
set title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9.svg'
set title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1e9' noenhanced
plot 'plots/p06-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1e9-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7.png'
set title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7.svg'
set title 'checkpoint-every=0.06 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p07-server.checkpoint-every=0.06_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7.png'
set title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7.svg'
set title 'checkpoint-every=0.12 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p08-server.checkpoint-every=0.12_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7.png'
set title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7.svg'
set title 'checkpoint-every=0.245 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p09-server.checkpoint-every=0.245_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7.png'
set title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7.svg'
set title 'checkpoint-every=0.49 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p10-server.checkpoint-every=0.49_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7.png'
set title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7.svg'
set title 'checkpoint-every=0.98 fault=kill-shard:0@mtbf:1.5:7' noenhanced
plot 'plots/p11-server.checkpoint-every=0.98_fault=kill-shard_0_mtbf_1.5_7-staleness.dat' using 1:2 with boxes
