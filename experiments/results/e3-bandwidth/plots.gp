# Written by taups-sweep for /work/main/experiments/e3-bandwidth.ini; redraw with: cd experiments/results/e3-bandwidth && gnuplot plots.gp
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
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.bandwidth=0_worker.codec=none-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-worker.bandwidth=0_worker.codec=none-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=0 codec=none' noenhanced, \
     'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=0 codec=qsgd:4' noenhanced, \
     'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=0 codec=topk:0.1' noenhanced, \
     'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=0 codec=topk:0.01' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.bandwidth=0_worker.codec=none-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-worker.bandwidth=0_worker.codec=none-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=0 codec=none' noenhanced, \
     'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=0 codec=qsgd:4' noenhanced, \
     'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=0 codec=topk:0.1' noenhanced, \
     'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=0 codec=topk:0.01' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.bandwidth=1000000_worker.codec=none-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p05-worker.bandwidth=1000000_worker.codec=none-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=1000000 codec=none' noenhanced, \
     'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=1000000 codec=qsgd:4' noenhanced, \
     'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=1000000 codec=topk:0.1' noenhanced, \
     'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=1000000 codec=topk:0.01' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.bandwidth=1000000_worker.codec=none-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p05-worker.bandwidth=1000000_worker.codec=none-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=1000000 codec=none' noenhanced, \
     'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=1000000 codec=qsgd:4' noenhanced, \
     'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=1000000 codec=topk:0.1' noenhanced, \
     'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=1000000 codec=topk:0.01' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-3.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.bandwidth=200000_worker.codec=none-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p09-worker.bandwidth=200000_worker.codec=none-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=200000 codec=none' noenhanced, \
     'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=200000 codec=qsgd:4' noenhanced, \
     'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=200000 codec=topk:0.1' noenhanced, \
     'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=200000 codec=topk:0.01' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-3.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.bandwidth=200000_worker.codec=none-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p09-worker.bandwidth=200000_worker.codec=none-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=200000 codec=none' noenhanced, \
     'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=200000 codec=qsgd:4' noenhanced, \
     'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=200000 codec=topk:0.1' noenhanced, \
     'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=200000 codec=topk:0.01' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-4.png'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-worker.bandwidth=50000_worker.codec=none-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p13-worker.bandwidth=50000_worker.codec=none-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=50000 codec=none' noenhanced, \
     'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=50000 codec=qsgd:4' noenhanced, \
     'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=50000 codec=topk:0.1' noenhanced, \
     'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=50000 codec=topk:0.01' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-4.svg'
set logscale x
set format x '%.0e'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-worker.bandwidth=50000_worker.codec=none-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p13-worker.bandwidth=50000_worker.codec=none-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=50000 codec=none' noenhanced, \
     'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=50000 codec=qsgd:4' noenhanced, \
     'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=50000 codec=topk:0.1' noenhanced, \
     'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=50000 codec=topk:0.01' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.bandwidth=0_worker.codec=none-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-worker.bandwidth=0_worker.codec=none-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=0 codec=none' noenhanced, \
     'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=0 codec=qsgd:4' noenhanced, \
     'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=0 codec=topk:0.1' noenhanced, \
     'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=0 codec=topk:0.01' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.bandwidth=0_worker.codec=none-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-worker.bandwidth=0_worker.codec=none-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=0 codec=none' noenhanced, \
     'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=0 codec=qsgd:4' noenhanced, \
     'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=0 codec=topk:0.1' noenhanced, \
     'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=0 codec=topk:0.01' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.bandwidth=1000000_worker.codec=none-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p05-worker.bandwidth=1000000_worker.codec=none-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=1000000 codec=none' noenhanced, \
     'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=1000000 codec=qsgd:4' noenhanced, \
     'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=1000000 codec=topk:0.1' noenhanced, \
     'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=1000000 codec=topk:0.01' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.bandwidth=1000000_worker.codec=none-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p05-worker.bandwidth=1000000_worker.codec=none-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=1000000 codec=none' noenhanced, \
     'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=1000000 codec=qsgd:4' noenhanced, \
     'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=1000000 codec=topk:0.1' noenhanced, \
     'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=1000000 codec=topk:0.01' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.bandwidth=200000_worker.codec=none-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p09-worker.bandwidth=200000_worker.codec=none-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=200000 codec=none' noenhanced, \
     'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=200000 codec=qsgd:4' noenhanced, \
     'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=200000 codec=topk:0.1' noenhanced, \
     'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=200000 codec=topk:0.01' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.bandwidth=200000_worker.codec=none-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p09-worker.bandwidth=200000_worker.codec=none-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=200000 codec=none' noenhanced, \
     'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=200000 codec=qsgd:4' noenhanced, \
     'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=200000 codec=topk:0.1' noenhanced, \
     'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=200000 codec=topk:0.01' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-4.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-worker.bandwidth=50000_worker.codec=none-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p13-worker.bandwidth=50000_worker.codec=none-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=50000 codec=none' noenhanced, \
     'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=50000 codec=qsgd:4' noenhanced, \
     'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=50000 codec=topk:0.1' noenhanced, \
     'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=50000 codec=topk:0.01' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-4.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-worker.bandwidth=50000_worker.codec=none-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p13-worker.bandwidth=50000_worker.codec=none-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=50000 codec=none' noenhanced, \
     'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=50000 codec=qsgd:4' noenhanced, \
     'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=50000 codec=topk:0.1' noenhanced, \
     'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=50000 codec=topk:0.01' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.bandwidth=0_worker.codec=none-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-worker.bandwidth=0_worker.codec=none-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=0 codec=none' noenhanced, \
     'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=0 codec=qsgd:4' noenhanced, \
     'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=0 codec=topk:0.1' noenhanced, \
     'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=0 codec=topk:0.01' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-worker.bandwidth=0_worker.codec=none-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-worker.bandwidth=0_worker.codec=none-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=0 codec=none' noenhanced, \
     'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=0 codec=qsgd:4' noenhanced, \
     'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=0 codec=topk:0.1' noenhanced, \
     'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=0 codec=topk:0.01' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.bandwidth=1000000_worker.codec=none-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p05-worker.bandwidth=1000000_worker.codec=none-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=1000000 codec=none' noenhanced, \
     'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=1000000 codec=qsgd:4' noenhanced, \
     'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=1000000 codec=topk:0.1' noenhanced, \
     'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=1000000 codec=topk:0.01' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p05-worker.bandwidth=1000000_worker.codec=none-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p05-worker.bandwidth=1000000_worker.codec=none-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=1000000 codec=none' noenhanced, \
     'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=1000000 codec=qsgd:4' noenhanced, \
     'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=1000000 codec=topk:0.1' noenhanced, \
     'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=1000000 codec=topk:0.01' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.bandwidth=200000_worker.codec=none-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p09-worker.bandwidth=200000_worker.codec=none-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=200000 codec=none' noenhanced, \
     'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=200000 codec=qsgd:4' noenhanced, \
     'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=200000 codec=topk:0.1' noenhanced, \
     'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=200000 codec=topk:0.01' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p09-worker.bandwidth=200000_worker.codec=none-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p09-worker.bandwidth=200000_worker.codec=none-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=200000 codec=none' noenhanced, \
     'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=200000 codec=qsgd:4' noenhanced, \
     'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=200000 codec=topk:0.1' noenhanced, \
     'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=200000 codec=topk:0.01' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-4.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-worker.bandwidth=50000_worker.codec=none-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p13-worker.bandwidth=50000_worker.codec=none-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=50000 codec=none' noenhanced, \
     'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=50000 codec=qsgd:4' noenhanced, \
     'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=50000 codec=topk:0.1' noenhanced, \
     'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=50000 codec=topk:0.01' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-4.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.01 to graph 1, first 0.01 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p13-worker.bandwidth=50000_worker.codec=none-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p13-worker.bandwidth=50000_worker.codec=none-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'bandwidth=50000 codec=none' noenhanced, \
     'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'bandwidth=50000 codec=qsgd:4' noenhanced, \
     'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'bandwidth=50000 codec=topk:0.1' noenhanced, \
     'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'bandwidth=50000 codec=topk:0.01' noenhanced

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
set output 'staleness-p01-worker.bandwidth=0_worker.codec=none.png'
set title 'bandwidth=0 codec=none' noenhanced
plot 'plots/p01-worker.bandwidth=0_worker.codec=none-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-worker.bandwidth=0_worker.codec=none.svg'
set title 'bandwidth=0 codec=none' noenhanced
plot 'plots/p01-worker.bandwidth=0_worker.codec=none-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-worker.bandwidth=0_worker.codec=qsgd_4.png'
set title 'bandwidth=0 codec=qsgd:4' noenhanced
plot 'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-worker.bandwidth=0_worker.codec=qsgd_4.svg'
set title 'bandwidth=0 codec=qsgd:4' noenhanced
plot 'plots/p02-worker.bandwidth=0_worker.codec=qsgd_4-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-worker.bandwidth=0_worker.codec=topk_0.1.png'
set title 'bandwidth=0 codec=topk:0.1' noenhanced
plot 'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-worker.bandwidth=0_worker.codec=topk_0.1.svg'
set title 'bandwidth=0 codec=topk:0.1' noenhanced
plot 'plots/p03-worker.bandwidth=0_worker.codec=topk_0.1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-worker.bandwidth=0_worker.codec=topk_0.01.png'
set title 'bandwidth=0 codec=topk:0.01' noenhanced
plot 'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-worker.bandwidth=0_worker.codec=topk_0.01.svg'
set title 'bandwidth=0 codec=topk:0.01' noenhanced
plot 'plots/p04-worker.bandwidth=0_worker.codec=topk_0.01-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-worker.bandwidth=1000000_worker.codec=none.png'
set title 'bandwidth=1000000 codec=none' noenhanced
plot 'plots/p05-worker.bandwidth=1000000_worker.codec=none-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-worker.bandwidth=1000000_worker.codec=none.svg'
set title 'bandwidth=1000000 codec=none' noenhanced
plot 'plots/p05-worker.bandwidth=1000000_worker.codec=none-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-worker.bandwidth=1000000_worker.codec=qsgd_4.png'
set title 'bandwidth=1000000 codec=qsgd:4' noenhanced
plot 'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-worker.bandwidth=1000000_worker.codec=qsgd_4.svg'
set title 'bandwidth=1000000 codec=qsgd:4' noenhanced
plot 'plots/p06-worker.bandwidth=1000000_worker.codec=qsgd_4-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-worker.bandwidth=1000000_worker.codec=topk_0.1.png'
set title 'bandwidth=1000000 codec=topk:0.1' noenhanced
plot 'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-worker.bandwidth=1000000_worker.codec=topk_0.1.svg'
set title 'bandwidth=1000000 codec=topk:0.1' noenhanced
plot 'plots/p07-worker.bandwidth=1000000_worker.codec=topk_0.1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-worker.bandwidth=1000000_worker.codec=topk_0.01.png'
set title 'bandwidth=1000000 codec=topk:0.01' noenhanced
plot 'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-worker.bandwidth=1000000_worker.codec=topk_0.01.svg'
set title 'bandwidth=1000000 codec=topk:0.01' noenhanced
plot 'plots/p08-worker.bandwidth=1000000_worker.codec=topk_0.01-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-worker.bandwidth=200000_worker.codec=none.png'
set title 'bandwidth=200000 codec=none' noenhanced
plot 'plots/p09-worker.bandwidth=200000_worker.codec=none-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-worker.bandwidth=200000_worker.codec=none.svg'
set title 'bandwidth=200000 codec=none' noenhanced
plot 'plots/p09-worker.bandwidth=200000_worker.codec=none-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-worker.bandwidth=200000_worker.codec=qsgd_4.png'
set title 'bandwidth=200000 codec=qsgd:4' noenhanced
plot 'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-worker.bandwidth=200000_worker.codec=qsgd_4.svg'
set title 'bandwidth=200000 codec=qsgd:4' noenhanced
plot 'plots/p10-worker.bandwidth=200000_worker.codec=qsgd_4-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-worker.bandwidth=200000_worker.codec=topk_0.1.png'
set title 'bandwidth=200000 codec=topk:0.1' noenhanced
plot 'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-worker.bandwidth=200000_worker.codec=topk_0.1.svg'
set title 'bandwidth=200000 codec=topk:0.1' noenhanced
plot 'plots/p11-worker.bandwidth=200000_worker.codec=topk_0.1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p12-worker.bandwidth=200000_worker.codec=topk_0.01.png'
set title 'bandwidth=200000 codec=topk:0.01' noenhanced
plot 'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p12-worker.bandwidth=200000_worker.codec=topk_0.01.svg'
set title 'bandwidth=200000 codec=topk:0.01' noenhanced
plot 'plots/p12-worker.bandwidth=200000_worker.codec=topk_0.01-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p13-worker.bandwidth=50000_worker.codec=none.png'
set title 'bandwidth=50000 codec=none' noenhanced
plot 'plots/p13-worker.bandwidth=50000_worker.codec=none-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p13-worker.bandwidth=50000_worker.codec=none.svg'
set title 'bandwidth=50000 codec=none' noenhanced
plot 'plots/p13-worker.bandwidth=50000_worker.codec=none-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p14-worker.bandwidth=50000_worker.codec=qsgd_4.png'
set title 'bandwidth=50000 codec=qsgd:4' noenhanced
plot 'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p14-worker.bandwidth=50000_worker.codec=qsgd_4.svg'
set title 'bandwidth=50000 codec=qsgd:4' noenhanced
plot 'plots/p14-worker.bandwidth=50000_worker.codec=qsgd_4-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p15-worker.bandwidth=50000_worker.codec=topk_0.1.png'
set title 'bandwidth=50000 codec=topk:0.1' noenhanced
plot 'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p15-worker.bandwidth=50000_worker.codec=topk_0.1.svg'
set title 'bandwidth=50000 codec=topk:0.1' noenhanced
plot 'plots/p15-worker.bandwidth=50000_worker.codec=topk_0.1-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p16-worker.bandwidth=50000_worker.codec=topk_0.01.png'
set title 'bandwidth=50000 codec=topk:0.01' noenhanced
plot 'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p16-worker.bandwidth=50000_worker.codec=topk_0.01.svg'
set title 'bandwidth=50000 codec=topk:0.01' noenhanced
plot 'plots/p16-worker.bandwidth=50000_worker.codec=topk_0.01-staleness.dat' using 1:2 with boxes
