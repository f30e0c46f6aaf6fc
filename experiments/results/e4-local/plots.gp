# Written by taups-sweep for /work/wt-h1/experiments/e4-local.ini; redraw with: cd experiments/results/e4-local && gnuplot plots.gp
# Each curve is a configuration's median over its successful seeds, its band their interquartile range.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set logscale y
set format y '%.0e'
set yrange [*:1000]

set terminal @pngterm size 900,720
set output 'metric_vs_time-1.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-hetero=0_server.local-steps=1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-hetero=0_server.local-steps=1-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 local-steps=1 local-lr=1' noenhanced, \
     'plots/p02-hetero=0_server.local-steps=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-hetero=0_server.local-steps=2-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 local-steps=2 local-lr=1' noenhanced, \
     'plots/p03-hetero=0_server.local-steps=4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-hetero=0_server.local-steps=4-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 local-steps=4 local-lr=1' noenhanced, \
     'plots/p04-hetero=0_server.local-steps=8-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-hetero=0_server.local-steps=8-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 local-steps=8 local-lr=1' noenhanced, \
     'plots/p05-hetero=0_server.local-steps=16-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-hetero=0_server.local-steps=16-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0 local-steps=16 local-lr=1' noenhanced, \
     'plots/p06-hetero=0_server.local-steps=32-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-hetero=0_server.local-steps=32-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0 local-steps=32 local-lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-hetero=0_server.local-steps=1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-hetero=0_server.local-steps=1-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 local-steps=1 local-lr=1' noenhanced, \
     'plots/p02-hetero=0_server.local-steps=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-hetero=0_server.local-steps=2-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 local-steps=2 local-lr=1' noenhanced, \
     'plots/p03-hetero=0_server.local-steps=4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-hetero=0_server.local-steps=4-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 local-steps=4 local-lr=1' noenhanced, \
     'plots/p04-hetero=0_server.local-steps=8-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-hetero=0_server.local-steps=8-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 local-steps=8 local-lr=1' noenhanced, \
     'plots/p05-hetero=0_server.local-steps=16-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-hetero=0_server.local-steps=16-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0 local-steps=16 local-lr=1' noenhanced, \
     'plots/p06-hetero=0_server.local-steps=32-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-hetero=0_server.local-steps=32-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0 local-steps=32 local-lr=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-hetero=0.1_server.local-steps=1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-hetero=0.1_server.local-steps=1-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 local-steps=1 local-lr=1' noenhanced, \
     'plots/p08-hetero=0.1_server.local-steps=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-hetero=0.1_server.local-steps=2-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 local-steps=2 local-lr=1' noenhanced, \
     'plots/p09-hetero=0.1_server.local-steps=4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-hetero=0.1_server.local-steps=4-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 local-steps=4 local-lr=1' noenhanced, \
     'plots/p10-hetero=0.1_server.local-steps=8-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-hetero=0.1_server.local-steps=8-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 local-steps=8 local-lr=1' noenhanced, \
     'plots/p11-hetero=0.1_server.local-steps=16-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-hetero=0.1_server.local-steps=16-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0.1 local-steps=16 local-lr=1' noenhanced, \
     'plots/p12-hetero=0.1_server.local-steps=32-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p12-hetero=0.1_server.local-steps=32-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0.1 local-steps=32 local-lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-hetero=0.1_server.local-steps=1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-hetero=0.1_server.local-steps=1-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 local-steps=1 local-lr=1' noenhanced, \
     'plots/p08-hetero=0.1_server.local-steps=2-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-hetero=0.1_server.local-steps=2-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 local-steps=2 local-lr=1' noenhanced, \
     'plots/p09-hetero=0.1_server.local-steps=4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-hetero=0.1_server.local-steps=4-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 local-steps=4 local-lr=1' noenhanced, \
     'plots/p10-hetero=0.1_server.local-steps=8-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-hetero=0.1_server.local-steps=8-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 local-steps=8 local-lr=1' noenhanced, \
     'plots/p11-hetero=0.1_server.local-steps=16-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-hetero=0.1_server.local-steps=16-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0.1 local-steps=16 local-lr=1' noenhanced, \
     'plots/p12-hetero=0.1_server.local-steps=32-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p12-hetero=0.1_server.local-steps=32-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0.1 local-steps=32 local-lr=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-hetero=0_server.local-steps=1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-hetero=0_server.local-steps=1-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 local-steps=1 local-lr=1' noenhanced, \
     'plots/p02-hetero=0_server.local-steps=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-hetero=0_server.local-steps=2-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 local-steps=2 local-lr=1' noenhanced, \
     'plots/p03-hetero=0_server.local-steps=4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-hetero=0_server.local-steps=4-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 local-steps=4 local-lr=1' noenhanced, \
     'plots/p04-hetero=0_server.local-steps=8-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-hetero=0_server.local-steps=8-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 local-steps=8 local-lr=1' noenhanced, \
     'plots/p05-hetero=0_server.local-steps=16-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-hetero=0_server.local-steps=16-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0 local-steps=16 local-lr=1' noenhanced, \
     'plots/p06-hetero=0_server.local-steps=32-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-hetero=0_server.local-steps=32-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0 local-steps=32 local-lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-hetero=0_server.local-steps=1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-hetero=0_server.local-steps=1-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 local-steps=1 local-lr=1' noenhanced, \
     'plots/p02-hetero=0_server.local-steps=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-hetero=0_server.local-steps=2-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 local-steps=2 local-lr=1' noenhanced, \
     'plots/p03-hetero=0_server.local-steps=4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-hetero=0_server.local-steps=4-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 local-steps=4 local-lr=1' noenhanced, \
     'plots/p04-hetero=0_server.local-steps=8-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-hetero=0_server.local-steps=8-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 local-steps=8 local-lr=1' noenhanced, \
     'plots/p05-hetero=0_server.local-steps=16-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-hetero=0_server.local-steps=16-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0 local-steps=16 local-lr=1' noenhanced, \
     'plots/p06-hetero=0_server.local-steps=32-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-hetero=0_server.local-steps=32-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0 local-steps=32 local-lr=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-hetero=0.1_server.local-steps=1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-hetero=0.1_server.local-steps=1-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 local-steps=1 local-lr=1' noenhanced, \
     'plots/p08-hetero=0.1_server.local-steps=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-hetero=0.1_server.local-steps=2-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 local-steps=2 local-lr=1' noenhanced, \
     'plots/p09-hetero=0.1_server.local-steps=4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-hetero=0.1_server.local-steps=4-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 local-steps=4 local-lr=1' noenhanced, \
     'plots/p10-hetero=0.1_server.local-steps=8-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-hetero=0.1_server.local-steps=8-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 local-steps=8 local-lr=1' noenhanced, \
     'plots/p11-hetero=0.1_server.local-steps=16-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-hetero=0.1_server.local-steps=16-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0.1 local-steps=16 local-lr=1' noenhanced, \
     'plots/p12-hetero=0.1_server.local-steps=32-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p12-hetero=0.1_server.local-steps=32-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0.1 local-steps=32 local-lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-hetero=0.1_server.local-steps=1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-hetero=0.1_server.local-steps=1-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 local-steps=1 local-lr=1' noenhanced, \
     'plots/p08-hetero=0.1_server.local-steps=2-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-hetero=0.1_server.local-steps=2-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 local-steps=2 local-lr=1' noenhanced, \
     'plots/p09-hetero=0.1_server.local-steps=4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-hetero=0.1_server.local-steps=4-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 local-steps=4 local-lr=1' noenhanced, \
     'plots/p10-hetero=0.1_server.local-steps=8-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-hetero=0.1_server.local-steps=8-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 local-steps=8 local-lr=1' noenhanced, \
     'plots/p11-hetero=0.1_server.local-steps=16-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-hetero=0.1_server.local-steps=16-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0.1 local-steps=16 local-lr=1' noenhanced, \
     'plots/p12-hetero=0.1_server.local-steps=32-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p12-hetero=0.1_server.local-steps=32-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0.1 local-steps=32 local-lr=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-hetero=0_server.local-steps=1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-hetero=0_server.local-steps=1-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 local-steps=1 local-lr=1' noenhanced, \
     'plots/p02-hetero=0_server.local-steps=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-hetero=0_server.local-steps=2-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 local-steps=2 local-lr=1' noenhanced, \
     'plots/p03-hetero=0_server.local-steps=4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-hetero=0_server.local-steps=4-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 local-steps=4 local-lr=1' noenhanced, \
     'plots/p04-hetero=0_server.local-steps=8-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-hetero=0_server.local-steps=8-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 local-steps=8 local-lr=1' noenhanced, \
     'plots/p05-hetero=0_server.local-steps=16-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-hetero=0_server.local-steps=16-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0 local-steps=16 local-lr=1' noenhanced, \
     'plots/p06-hetero=0_server.local-steps=32-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-hetero=0_server.local-steps=32-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0 local-steps=32 local-lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-hetero=0_server.local-steps=1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-hetero=0_server.local-steps=1-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0 local-steps=1 local-lr=1' noenhanced, \
     'plots/p02-hetero=0_server.local-steps=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-hetero=0_server.local-steps=2-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0 local-steps=2 local-lr=1' noenhanced, \
     'plots/p03-hetero=0_server.local-steps=4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-hetero=0_server.local-steps=4-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0 local-steps=4 local-lr=1' noenhanced, \
     'plots/p04-hetero=0_server.local-steps=8-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-hetero=0_server.local-steps=8-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0 local-steps=8 local-lr=1' noenhanced, \
     'plots/p05-hetero=0_server.local-steps=16-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-hetero=0_server.local-steps=16-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0 local-steps=16 local-lr=1' noenhanced, \
     'plots/p06-hetero=0_server.local-steps=32-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-hetero=0_server.local-steps=32-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0 local-steps=32 local-lr=1' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-hetero=0.1_server.local-steps=1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-hetero=0.1_server.local-steps=1-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 local-steps=1 local-lr=1' noenhanced, \
     'plots/p08-hetero=0.1_server.local-steps=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-hetero=0.1_server.local-steps=2-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 local-steps=2 local-lr=1' noenhanced, \
     'plots/p09-hetero=0.1_server.local-steps=4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-hetero=0.1_server.local-steps=4-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 local-steps=4 local-lr=1' noenhanced, \
     'plots/p10-hetero=0.1_server.local-steps=8-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-hetero=0.1_server.local-steps=8-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 local-steps=8 local-lr=1' noenhanced, \
     'plots/p11-hetero=0.1_server.local-steps=16-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-hetero=0.1_server.local-steps=16-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0.1 local-steps=16 local-lr=1' noenhanced, \
     'plots/p12-hetero=0.1_server.local-steps=32-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p12-hetero=0.1_server.local-steps=32-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0.1 local-steps=32 local-lr=1' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
set logscale x
set format x '%.0e'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.15 to graph 1, first 0.15 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p07-hetero=0.1_server.local-steps=1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p07-hetero=0.1_server.local-steps=1-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'hetero=0.1 local-steps=1 local-lr=1' noenhanced, \
     'plots/p08-hetero=0.1_server.local-steps=2-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p08-hetero=0.1_server.local-steps=2-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'hetero=0.1 local-steps=2 local-lr=1' noenhanced, \
     'plots/p09-hetero=0.1_server.local-steps=4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p09-hetero=0.1_server.local-steps=4-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'hetero=0.1 local-steps=4 local-lr=1' noenhanced, \
     'plots/p10-hetero=0.1_server.local-steps=8-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p10-hetero=0.1_server.local-steps=8-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'hetero=0.1 local-steps=8 local-lr=1' noenhanced, \
     'plots/p11-hetero=0.1_server.local-steps=16-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p11-hetero=0.1_server.local-steps=16-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'hetero=0.1 local-steps=16 local-lr=1' noenhanced, \
     'plots/p12-hetero=0.1_server.local-steps=32-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p12-hetero=0.1_server.local-steps=32-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'hetero=0.1 local-steps=32 local-lr=1' noenhanced

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
set output 'staleness-p01-hetero=0_server.local-steps=1.png'
set title 'hetero=0 local-steps=1 local-lr=1' noenhanced
plot 'plots/p01-hetero=0_server.local-steps=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-hetero=0_server.local-steps=1.svg'
set title 'hetero=0 local-steps=1 local-lr=1' noenhanced
plot 'plots/p01-hetero=0_server.local-steps=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-hetero=0_server.local-steps=2.png'
set title 'hetero=0 local-steps=2 local-lr=1' noenhanced
plot 'plots/p02-hetero=0_server.local-steps=2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-hetero=0_server.local-steps=2.svg'
set title 'hetero=0 local-steps=2 local-lr=1' noenhanced
plot 'plots/p02-hetero=0_server.local-steps=2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-hetero=0_server.local-steps=4.png'
set title 'hetero=0 local-steps=4 local-lr=1' noenhanced
plot 'plots/p03-hetero=0_server.local-steps=4-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-hetero=0_server.local-steps=4.svg'
set title 'hetero=0 local-steps=4 local-lr=1' noenhanced
plot 'plots/p03-hetero=0_server.local-steps=4-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-hetero=0_server.local-steps=8.png'
set title 'hetero=0 local-steps=8 local-lr=1' noenhanced
plot 'plots/p04-hetero=0_server.local-steps=8-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-hetero=0_server.local-steps=8.svg'
set title 'hetero=0 local-steps=8 local-lr=1' noenhanced
plot 'plots/p04-hetero=0_server.local-steps=8-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-hetero=0_server.local-steps=16.png'
set title 'hetero=0 local-steps=16 local-lr=1' noenhanced
plot 'plots/p05-hetero=0_server.local-steps=16-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-hetero=0_server.local-steps=16.svg'
set title 'hetero=0 local-steps=16 local-lr=1' noenhanced
plot 'plots/p05-hetero=0_server.local-steps=16-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-hetero=0_server.local-steps=32.png'
set title 'hetero=0 local-steps=32 local-lr=1' noenhanced
plot 'plots/p06-hetero=0_server.local-steps=32-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-hetero=0_server.local-steps=32.svg'
set title 'hetero=0 local-steps=32 local-lr=1' noenhanced
plot 'plots/p06-hetero=0_server.local-steps=32-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-hetero=0.1_server.local-steps=1.png'
set title 'hetero=0.1 local-steps=1 local-lr=1' noenhanced
plot 'plots/p07-hetero=0.1_server.local-steps=1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-hetero=0.1_server.local-steps=1.svg'
set title 'hetero=0.1 local-steps=1 local-lr=1' noenhanced
plot 'plots/p07-hetero=0.1_server.local-steps=1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-hetero=0.1_server.local-steps=2.png'
set title 'hetero=0.1 local-steps=2 local-lr=1' noenhanced
plot 'plots/p08-hetero=0.1_server.local-steps=2-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-hetero=0.1_server.local-steps=2.svg'
set title 'hetero=0.1 local-steps=2 local-lr=1' noenhanced
plot 'plots/p08-hetero=0.1_server.local-steps=2-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-hetero=0.1_server.local-steps=4.png'
set title 'hetero=0.1 local-steps=4 local-lr=1' noenhanced
plot 'plots/p09-hetero=0.1_server.local-steps=4-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-hetero=0.1_server.local-steps=4.svg'
set title 'hetero=0.1 local-steps=4 local-lr=1' noenhanced
plot 'plots/p09-hetero=0.1_server.local-steps=4-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-hetero=0.1_server.local-steps=8.png'
set title 'hetero=0.1 local-steps=8 local-lr=1' noenhanced
plot 'plots/p10-hetero=0.1_server.local-steps=8-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-hetero=0.1_server.local-steps=8.svg'
set title 'hetero=0.1 local-steps=8 local-lr=1' noenhanced
plot 'plots/p10-hetero=0.1_server.local-steps=8-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-hetero=0.1_server.local-steps=16.png'
set title 'hetero=0.1 local-steps=16 local-lr=1' noenhanced
plot 'plots/p11-hetero=0.1_server.local-steps=16-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-hetero=0.1_server.local-steps=16.svg'
set title 'hetero=0.1 local-steps=16 local-lr=1' noenhanced
plot 'plots/p11-hetero=0.1_server.local-steps=16-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p12-hetero=0.1_server.local-steps=32.png'
set title 'hetero=0.1 local-steps=32 local-lr=1' noenhanced
plot 'plots/p12-hetero=0.1_server.local-steps=32-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p12-hetero=0.1_server.local-steps=32.svg'
set title 'hetero=0.1 local-steps=32 local-lr=1' noenhanced
plot 'plots/p12-hetero=0.1_server.local-steps=32-staleness.dat' using 1:2 with boxes
