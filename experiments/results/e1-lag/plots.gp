# Written by taups-sweep for experiments/e1-lag.ini; redraw with: cd experiments/results/e1-lag && gnuplot plots.gp
# Curves are each configuration's first successful seed.
set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
set logscale y
set format y '%.0e'
set yrange [*:100]

set terminal @pngterm size 900,720
set output 'metric_vs_time-1.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-noise=0_worker.read-lag=0_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=0 lr=0.02' noenhanced, \
     'plots/p02-noise=0_worker.read-lag=1_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=1 lr=0.02' noenhanced, \
     'plots/p03-noise=0_worker.read-lag=2_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=2 lr=0.02' noenhanced, \
     'plots/p04-noise=0_worker.read-lag=5_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=5 lr=0.02' noenhanced, \
     'plots/p05-noise=0_worker.read-lag=10_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=10 lr=0.02' noenhanced, \
     'plots/p06-noise=0_worker.read-lag=20_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=20 lr=0.02' noenhanced, \
     'plots/p07-noise=0_worker.read-lag=50_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=50 lr=0.02' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-noise=0_worker.read-lag=0_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=0 lr=0.02' noenhanced, \
     'plots/p02-noise=0_worker.read-lag=1_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=1 lr=0.02' noenhanced, \
     'plots/p03-noise=0_worker.read-lag=2_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=2 lr=0.02' noenhanced, \
     'plots/p04-noise=0_worker.read-lag=5_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=5 lr=0.02' noenhanced, \
     'plots/p05-noise=0_worker.read-lag=10_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=10 lr=0.02' noenhanced, \
     'plots/p06-noise=0_worker.read-lag=20_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=20 lr=0.02' noenhanced, \
     'plots/p07-noise=0_worker.read-lag=50_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=50 lr=0.02' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-noise=0_worker.read-lag=0_lr=0.5.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=0 lr=0.5' noenhanced, \
     'plots/p09-noise=0_worker.read-lag=1_lr=0.25.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=1 lr=0.25' noenhanced, \
     'plots/p10-noise=0_worker.read-lag=2_lr=0.166667.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=2 lr=0.166667' noenhanced, \
     'plots/p11-noise=0_worker.read-lag=5_lr=0.0833333.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=5 lr=0.0833333' noenhanced, \
     'plots/p12-noise=0_worker.read-lag=10_lr=0.0454545.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=10 lr=0.0454545' noenhanced, \
     'plots/p13-noise=0_worker.read-lag=20_lr=0.0238095.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=20 lr=0.0238095' noenhanced, \
     'plots/p14-noise=0_worker.read-lag=50_lr=0.00980392.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=50 lr=0.00980392' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-noise=0_worker.read-lag=0_lr=0.5.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=0 lr=0.5' noenhanced, \
     'plots/p09-noise=0_worker.read-lag=1_lr=0.25.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=1 lr=0.25' noenhanced, \
     'plots/p10-noise=0_worker.read-lag=2_lr=0.166667.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=2 lr=0.166667' noenhanced, \
     'plots/p11-noise=0_worker.read-lag=5_lr=0.0833333.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=5 lr=0.0833333' noenhanced, \
     'plots/p12-noise=0_worker.read-lag=10_lr=0.0454545.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=10 lr=0.0454545' noenhanced, \
     'plots/p13-noise=0_worker.read-lag=20_lr=0.0238095.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=20 lr=0.0238095' noenhanced, \
     'plots/p14-noise=0_worker.read-lag=50_lr=0.00980392.dat' using 1:3 with lines lw 2 dt 1 title 'noise=0 read-lag=50 lr=0.00980392' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-3.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-noise=1_worker.read-lag=0_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=0 lr=0.02' noenhanced, \
     'plots/p16-noise=1_worker.read-lag=1_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=1 lr=0.02' noenhanced, \
     'plots/p17-noise=1_worker.read-lag=2_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=2 lr=0.02' noenhanced, \
     'plots/p18-noise=1_worker.read-lag=5_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=5 lr=0.02' noenhanced, \
     'plots/p19-noise=1_worker.read-lag=10_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=10 lr=0.02' noenhanced, \
     'plots/p20-noise=1_worker.read-lag=20_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=20 lr=0.02' noenhanced, \
     'plots/p21-noise=1_worker.read-lag=50_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=50 lr=0.02' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-3.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-noise=1_worker.read-lag=0_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=0 lr=0.02' noenhanced, \
     'plots/p16-noise=1_worker.read-lag=1_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=1 lr=0.02' noenhanced, \
     'plots/p17-noise=1_worker.read-lag=2_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=2 lr=0.02' noenhanced, \
     'plots/p18-noise=1_worker.read-lag=5_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=5 lr=0.02' noenhanced, \
     'plots/p19-noise=1_worker.read-lag=10_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=10 lr=0.02' noenhanced, \
     'plots/p20-noise=1_worker.read-lag=20_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=20 lr=0.02' noenhanced, \
     'plots/p21-noise=1_worker.read-lag=50_lr=0.02.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=50 lr=0.02' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-4.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p22-noise=1_worker.read-lag=0_lr=0.5.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=0 lr=0.5' noenhanced, \
     'plots/p23-noise=1_worker.read-lag=1_lr=0.25.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=1 lr=0.25' noenhanced, \
     'plots/p24-noise=1_worker.read-lag=2_lr=0.166667.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=2 lr=0.166667' noenhanced, \
     'plots/p25-noise=1_worker.read-lag=5_lr=0.0833333.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=5 lr=0.0833333' noenhanced, \
     'plots/p26-noise=1_worker.read-lag=10_lr=0.0454545.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=10 lr=0.0454545' noenhanced, \
     'plots/p27-noise=1_worker.read-lag=20_lr=0.0238095.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=20 lr=0.0238095' noenhanced, \
     'plots/p28-noise=1_worker.read-lag=50_lr=0.00980392.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=50 lr=0.00980392' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-4.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p22-noise=1_worker.read-lag=0_lr=0.5.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=0 lr=0.5' noenhanced, \
     'plots/p23-noise=1_worker.read-lag=1_lr=0.25.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=1 lr=0.25' noenhanced, \
     'plots/p24-noise=1_worker.read-lag=2_lr=0.166667.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=2 lr=0.166667' noenhanced, \
     'plots/p25-noise=1_worker.read-lag=5_lr=0.0833333.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=5 lr=0.0833333' noenhanced, \
     'plots/p26-noise=1_worker.read-lag=10_lr=0.0454545.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=10 lr=0.0454545' noenhanced, \
     'plots/p27-noise=1_worker.read-lag=20_lr=0.0238095.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=20 lr=0.0238095' noenhanced, \
     'plots/p28-noise=1_worker.read-lag=50_lr=0.00980392.dat' using 1:3 with lines lw 2 dt 1 title 'noise=1 read-lag=50 lr=0.00980392' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-noise=0_worker.read-lag=0_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=0 lr=0.02' noenhanced, \
     'plots/p02-noise=0_worker.read-lag=1_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=1 lr=0.02' noenhanced, \
     'plots/p03-noise=0_worker.read-lag=2_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=2 lr=0.02' noenhanced, \
     'plots/p04-noise=0_worker.read-lag=5_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=5 lr=0.02' noenhanced, \
     'plots/p05-noise=0_worker.read-lag=10_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=10 lr=0.02' noenhanced, \
     'plots/p06-noise=0_worker.read-lag=20_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=20 lr=0.02' noenhanced, \
     'plots/p07-noise=0_worker.read-lag=50_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=50 lr=0.02' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-noise=0_worker.read-lag=0_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=0 lr=0.02' noenhanced, \
     'plots/p02-noise=0_worker.read-lag=1_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=1 lr=0.02' noenhanced, \
     'plots/p03-noise=0_worker.read-lag=2_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=2 lr=0.02' noenhanced, \
     'plots/p04-noise=0_worker.read-lag=5_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=5 lr=0.02' noenhanced, \
     'plots/p05-noise=0_worker.read-lag=10_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=10 lr=0.02' noenhanced, \
     'plots/p06-noise=0_worker.read-lag=20_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=20 lr=0.02' noenhanced, \
     'plots/p07-noise=0_worker.read-lag=50_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=50 lr=0.02' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-noise=0_worker.read-lag=0_lr=0.5.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=0 lr=0.5' noenhanced, \
     'plots/p09-noise=0_worker.read-lag=1_lr=0.25.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=1 lr=0.25' noenhanced, \
     'plots/p10-noise=0_worker.read-lag=2_lr=0.166667.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=2 lr=0.166667' noenhanced, \
     'plots/p11-noise=0_worker.read-lag=5_lr=0.0833333.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=5 lr=0.0833333' noenhanced, \
     'plots/p12-noise=0_worker.read-lag=10_lr=0.0454545.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=10 lr=0.0454545' noenhanced, \
     'plots/p13-noise=0_worker.read-lag=20_lr=0.0238095.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=20 lr=0.0238095' noenhanced, \
     'plots/p14-noise=0_worker.read-lag=50_lr=0.00980392.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=50 lr=0.00980392' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-noise=0_worker.read-lag=0_lr=0.5.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=0 lr=0.5' noenhanced, \
     'plots/p09-noise=0_worker.read-lag=1_lr=0.25.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=1 lr=0.25' noenhanced, \
     'plots/p10-noise=0_worker.read-lag=2_lr=0.166667.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=2 lr=0.166667' noenhanced, \
     'plots/p11-noise=0_worker.read-lag=5_lr=0.0833333.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=5 lr=0.0833333' noenhanced, \
     'plots/p12-noise=0_worker.read-lag=10_lr=0.0454545.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=10 lr=0.0454545' noenhanced, \
     'plots/p13-noise=0_worker.read-lag=20_lr=0.0238095.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=20 lr=0.0238095' noenhanced, \
     'plots/p14-noise=0_worker.read-lag=50_lr=0.00980392.dat' using 2:3 with lines lw 2 dt 1 title 'noise=0 read-lag=50 lr=0.00980392' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-noise=1_worker.read-lag=0_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=0 lr=0.02' noenhanced, \
     'plots/p16-noise=1_worker.read-lag=1_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=1 lr=0.02' noenhanced, \
     'plots/p17-noise=1_worker.read-lag=2_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=2 lr=0.02' noenhanced, \
     'plots/p18-noise=1_worker.read-lag=5_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=5 lr=0.02' noenhanced, \
     'plots/p19-noise=1_worker.read-lag=10_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=10 lr=0.02' noenhanced, \
     'plots/p20-noise=1_worker.read-lag=20_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=20 lr=0.02' noenhanced, \
     'plots/p21-noise=1_worker.read-lag=50_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=50 lr=0.02' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-noise=1_worker.read-lag=0_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=0 lr=0.02' noenhanced, \
     'plots/p16-noise=1_worker.read-lag=1_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=1 lr=0.02' noenhanced, \
     'plots/p17-noise=1_worker.read-lag=2_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=2 lr=0.02' noenhanced, \
     'plots/p18-noise=1_worker.read-lag=5_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=5 lr=0.02' noenhanced, \
     'plots/p19-noise=1_worker.read-lag=10_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=10 lr=0.02' noenhanced, \
     'plots/p20-noise=1_worker.read-lag=20_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=20 lr=0.02' noenhanced, \
     'plots/p21-noise=1_worker.read-lag=50_lr=0.02.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=50 lr=0.02' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-4.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p22-noise=1_worker.read-lag=0_lr=0.5.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=0 lr=0.5' noenhanced, \
     'plots/p23-noise=1_worker.read-lag=1_lr=0.25.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=1 lr=0.25' noenhanced, \
     'plots/p24-noise=1_worker.read-lag=2_lr=0.166667.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=2 lr=0.166667' noenhanced, \
     'plots/p25-noise=1_worker.read-lag=5_lr=0.0833333.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=5 lr=0.0833333' noenhanced, \
     'plots/p26-noise=1_worker.read-lag=10_lr=0.0454545.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=10 lr=0.0454545' noenhanced, \
     'plots/p27-noise=1_worker.read-lag=20_lr=0.0238095.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=20 lr=0.0238095' noenhanced, \
     'plots/p28-noise=1_worker.read-lag=50_lr=0.00980392.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=50 lr=0.00980392' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-4.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p22-noise=1_worker.read-lag=0_lr=0.5.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=0 lr=0.5' noenhanced, \
     'plots/p23-noise=1_worker.read-lag=1_lr=0.25.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=1 lr=0.25' noenhanced, \
     'plots/p24-noise=1_worker.read-lag=2_lr=0.166667.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=2 lr=0.166667' noenhanced, \
     'plots/p25-noise=1_worker.read-lag=5_lr=0.0833333.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=5 lr=0.0833333' noenhanced, \
     'plots/p26-noise=1_worker.read-lag=10_lr=0.0454545.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=10 lr=0.0454545' noenhanced, \
     'plots/p27-noise=1_worker.read-lag=20_lr=0.0238095.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=20 lr=0.0238095' noenhanced, \
     'plots/p28-noise=1_worker.read-lag=50_lr=0.00980392.dat' using 2:3 with lines lw 2 dt 1 title 'noise=1 read-lag=50 lr=0.00980392' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-noise=0_worker.read-lag=0_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=0 lr=0.02' noenhanced, \
     'plots/p02-noise=0_worker.read-lag=1_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=1 lr=0.02' noenhanced, \
     'plots/p03-noise=0_worker.read-lag=2_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=2 lr=0.02' noenhanced, \
     'plots/p04-noise=0_worker.read-lag=5_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=5 lr=0.02' noenhanced, \
     'plots/p05-noise=0_worker.read-lag=10_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=10 lr=0.02' noenhanced, \
     'plots/p06-noise=0_worker.read-lag=20_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=20 lr=0.02' noenhanced, \
     'plots/p07-noise=0_worker.read-lag=50_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=50 lr=0.02' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-noise=0_worker.read-lag=0_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=0 lr=0.02' noenhanced, \
     'plots/p02-noise=0_worker.read-lag=1_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=1 lr=0.02' noenhanced, \
     'plots/p03-noise=0_worker.read-lag=2_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=2 lr=0.02' noenhanced, \
     'plots/p04-noise=0_worker.read-lag=5_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=5 lr=0.02' noenhanced, \
     'plots/p05-noise=0_worker.read-lag=10_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=10 lr=0.02' noenhanced, \
     'plots/p06-noise=0_worker.read-lag=20_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=20 lr=0.02' noenhanced, \
     'plots/p07-noise=0_worker.read-lag=50_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=50 lr=0.02' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-noise=0_worker.read-lag=0_lr=0.5.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=0 lr=0.5' noenhanced, \
     'plots/p09-noise=0_worker.read-lag=1_lr=0.25.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=1 lr=0.25' noenhanced, \
     'plots/p10-noise=0_worker.read-lag=2_lr=0.166667.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=2 lr=0.166667' noenhanced, \
     'plots/p11-noise=0_worker.read-lag=5_lr=0.0833333.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=5 lr=0.0833333' noenhanced, \
     'plots/p12-noise=0_worker.read-lag=10_lr=0.0454545.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=10 lr=0.0454545' noenhanced, \
     'plots/p13-noise=0_worker.read-lag=20_lr=0.0238095.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=20 lr=0.0238095' noenhanced, \
     'plots/p14-noise=0_worker.read-lag=50_lr=0.00980392.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=50 lr=0.00980392' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-noise=0_worker.read-lag=0_lr=0.5.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=0 lr=0.5' noenhanced, \
     'plots/p09-noise=0_worker.read-lag=1_lr=0.25.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=1 lr=0.25' noenhanced, \
     'plots/p10-noise=0_worker.read-lag=2_lr=0.166667.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=2 lr=0.166667' noenhanced, \
     'plots/p11-noise=0_worker.read-lag=5_lr=0.0833333.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=5 lr=0.0833333' noenhanced, \
     'plots/p12-noise=0_worker.read-lag=10_lr=0.0454545.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=10 lr=0.0454545' noenhanced, \
     'plots/p13-noise=0_worker.read-lag=20_lr=0.0238095.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=20 lr=0.0238095' noenhanced, \
     'plots/p14-noise=0_worker.read-lag=50_lr=0.00980392.dat' using 4:3 with lines lw 2 dt 1 title 'noise=0 read-lag=50 lr=0.00980392' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-noise=1_worker.read-lag=0_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=0 lr=0.02' noenhanced, \
     'plots/p16-noise=1_worker.read-lag=1_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=1 lr=0.02' noenhanced, \
     'plots/p17-noise=1_worker.read-lag=2_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=2 lr=0.02' noenhanced, \
     'plots/p18-noise=1_worker.read-lag=5_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=5 lr=0.02' noenhanced, \
     'plots/p19-noise=1_worker.read-lag=10_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=10 lr=0.02' noenhanced, \
     'plots/p20-noise=1_worker.read-lag=20_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=20 lr=0.02' noenhanced, \
     'plots/p21-noise=1_worker.read-lag=50_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=50 lr=0.02' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-noise=1_worker.read-lag=0_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=0 lr=0.02' noenhanced, \
     'plots/p16-noise=1_worker.read-lag=1_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=1 lr=0.02' noenhanced, \
     'plots/p17-noise=1_worker.read-lag=2_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=2 lr=0.02' noenhanced, \
     'plots/p18-noise=1_worker.read-lag=5_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=5 lr=0.02' noenhanced, \
     'plots/p19-noise=1_worker.read-lag=10_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=10 lr=0.02' noenhanced, \
     'plots/p20-noise=1_worker.read-lag=20_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=20 lr=0.02' noenhanced, \
     'plots/p21-noise=1_worker.read-lag=50_lr=0.02.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=50 lr=0.02' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-4.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p22-noise=1_worker.read-lag=0_lr=0.5.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=0 lr=0.5' noenhanced, \
     'plots/p23-noise=1_worker.read-lag=1_lr=0.25.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=1 lr=0.25' noenhanced, \
     'plots/p24-noise=1_worker.read-lag=2_lr=0.166667.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=2 lr=0.166667' noenhanced, \
     'plots/p25-noise=1_worker.read-lag=5_lr=0.0833333.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=5 lr=0.0833333' noenhanced, \
     'plots/p26-noise=1_worker.read-lag=10_lr=0.0454545.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=10 lr=0.0454545' noenhanced, \
     'plots/p27-noise=1_worker.read-lag=20_lr=0.0238095.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=20 lr=0.0238095' noenhanced, \
     'plots/p28-noise=1_worker.read-lag=50_lr=0.00980392.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=50 lr=0.00980392' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-4.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p22-noise=1_worker.read-lag=0_lr=0.5.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=0 lr=0.5' noenhanced, \
     'plots/p23-noise=1_worker.read-lag=1_lr=0.25.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=1 lr=0.25' noenhanced, \
     'plots/p24-noise=1_worker.read-lag=2_lr=0.166667.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=2 lr=0.166667' noenhanced, \
     'plots/p25-noise=1_worker.read-lag=5_lr=0.0833333.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=5 lr=0.0833333' noenhanced, \
     'plots/p26-noise=1_worker.read-lag=10_lr=0.0454545.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=10 lr=0.0454545' noenhanced, \
     'plots/p27-noise=1_worker.read-lag=20_lr=0.0238095.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=20 lr=0.0238095' noenhanced, \
     'plots/p28-noise=1_worker.read-lag=50_lr=0.00980392.dat' using 4:3 with lines lw 2 dt 1 title 'noise=1 read-lag=50 lr=0.00980392' noenhanced

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
set output 'staleness-p01-noise=0_worker.read-lag=0_lr=0.02.png'
set title 'noise=0 read-lag=0 lr=0.02' noenhanced
plot 'plots/p01-noise=0_worker.read-lag=0_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-noise=0_worker.read-lag=0_lr=0.02.svg'
set title 'noise=0 read-lag=0 lr=0.02' noenhanced
plot 'plots/p01-noise=0_worker.read-lag=0_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-noise=0_worker.read-lag=1_lr=0.02.png'
set title 'noise=0 read-lag=1 lr=0.02' noenhanced
plot 'plots/p02-noise=0_worker.read-lag=1_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-noise=0_worker.read-lag=1_lr=0.02.svg'
set title 'noise=0 read-lag=1 lr=0.02' noenhanced
plot 'plots/p02-noise=0_worker.read-lag=1_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-noise=0_worker.read-lag=2_lr=0.02.png'
set title 'noise=0 read-lag=2 lr=0.02' noenhanced
plot 'plots/p03-noise=0_worker.read-lag=2_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-noise=0_worker.read-lag=2_lr=0.02.svg'
set title 'noise=0 read-lag=2 lr=0.02' noenhanced
plot 'plots/p03-noise=0_worker.read-lag=2_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-noise=0_worker.read-lag=5_lr=0.02.png'
set title 'noise=0 read-lag=5 lr=0.02' noenhanced
plot 'plots/p04-noise=0_worker.read-lag=5_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-noise=0_worker.read-lag=5_lr=0.02.svg'
set title 'noise=0 read-lag=5 lr=0.02' noenhanced
plot 'plots/p04-noise=0_worker.read-lag=5_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-noise=0_worker.read-lag=10_lr=0.02.png'
set title 'noise=0 read-lag=10 lr=0.02' noenhanced
plot 'plots/p05-noise=0_worker.read-lag=10_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-noise=0_worker.read-lag=10_lr=0.02.svg'
set title 'noise=0 read-lag=10 lr=0.02' noenhanced
plot 'plots/p05-noise=0_worker.read-lag=10_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-noise=0_worker.read-lag=20_lr=0.02.png'
set title 'noise=0 read-lag=20 lr=0.02' noenhanced
plot 'plots/p06-noise=0_worker.read-lag=20_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-noise=0_worker.read-lag=20_lr=0.02.svg'
set title 'noise=0 read-lag=20 lr=0.02' noenhanced
plot 'plots/p06-noise=0_worker.read-lag=20_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-noise=0_worker.read-lag=50_lr=0.02.png'
set title 'noise=0 read-lag=50 lr=0.02' noenhanced
plot 'plots/p07-noise=0_worker.read-lag=50_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-noise=0_worker.read-lag=50_lr=0.02.svg'
set title 'noise=0 read-lag=50 lr=0.02' noenhanced
plot 'plots/p07-noise=0_worker.read-lag=50_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-noise=0_worker.read-lag=0_lr=0.5.png'
set title 'noise=0 read-lag=0 lr=0.5' noenhanced
plot 'plots/p08-noise=0_worker.read-lag=0_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-noise=0_worker.read-lag=0_lr=0.5.svg'
set title 'noise=0 read-lag=0 lr=0.5' noenhanced
plot 'plots/p08-noise=0_worker.read-lag=0_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-noise=0_worker.read-lag=1_lr=0.25.png'
set title 'noise=0 read-lag=1 lr=0.25' noenhanced
plot 'plots/p09-noise=0_worker.read-lag=1_lr=0.25-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-noise=0_worker.read-lag=1_lr=0.25.svg'
set title 'noise=0 read-lag=1 lr=0.25' noenhanced
plot 'plots/p09-noise=0_worker.read-lag=1_lr=0.25-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-noise=0_worker.read-lag=2_lr=0.166667.png'
set title 'noise=0 read-lag=2 lr=0.166667' noenhanced
plot 'plots/p10-noise=0_worker.read-lag=2_lr=0.166667-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-noise=0_worker.read-lag=2_lr=0.166667.svg'
set title 'noise=0 read-lag=2 lr=0.166667' noenhanced
plot 'plots/p10-noise=0_worker.read-lag=2_lr=0.166667-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-noise=0_worker.read-lag=5_lr=0.0833333.png'
set title 'noise=0 read-lag=5 lr=0.0833333' noenhanced
plot 'plots/p11-noise=0_worker.read-lag=5_lr=0.0833333-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-noise=0_worker.read-lag=5_lr=0.0833333.svg'
set title 'noise=0 read-lag=5 lr=0.0833333' noenhanced
plot 'plots/p11-noise=0_worker.read-lag=5_lr=0.0833333-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p12-noise=0_worker.read-lag=10_lr=0.0454545.png'
set title 'noise=0 read-lag=10 lr=0.0454545' noenhanced
plot 'plots/p12-noise=0_worker.read-lag=10_lr=0.0454545-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p12-noise=0_worker.read-lag=10_lr=0.0454545.svg'
set title 'noise=0 read-lag=10 lr=0.0454545' noenhanced
plot 'plots/p12-noise=0_worker.read-lag=10_lr=0.0454545-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p13-noise=0_worker.read-lag=20_lr=0.0238095.png'
set title 'noise=0 read-lag=20 lr=0.0238095' noenhanced
plot 'plots/p13-noise=0_worker.read-lag=20_lr=0.0238095-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p13-noise=0_worker.read-lag=20_lr=0.0238095.svg'
set title 'noise=0 read-lag=20 lr=0.0238095' noenhanced
plot 'plots/p13-noise=0_worker.read-lag=20_lr=0.0238095-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p14-noise=0_worker.read-lag=50_lr=0.00980392.png'
set title 'noise=0 read-lag=50 lr=0.00980392' noenhanced
plot 'plots/p14-noise=0_worker.read-lag=50_lr=0.00980392-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p14-noise=0_worker.read-lag=50_lr=0.00980392.svg'
set title 'noise=0 read-lag=50 lr=0.00980392' noenhanced
plot 'plots/p14-noise=0_worker.read-lag=50_lr=0.00980392-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p15-noise=1_worker.read-lag=0_lr=0.02.png'
set title 'noise=1 read-lag=0 lr=0.02' noenhanced
plot 'plots/p15-noise=1_worker.read-lag=0_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p15-noise=1_worker.read-lag=0_lr=0.02.svg'
set title 'noise=1 read-lag=0 lr=0.02' noenhanced
plot 'plots/p15-noise=1_worker.read-lag=0_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p16-noise=1_worker.read-lag=1_lr=0.02.png'
set title 'noise=1 read-lag=1 lr=0.02' noenhanced
plot 'plots/p16-noise=1_worker.read-lag=1_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p16-noise=1_worker.read-lag=1_lr=0.02.svg'
set title 'noise=1 read-lag=1 lr=0.02' noenhanced
plot 'plots/p16-noise=1_worker.read-lag=1_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p17-noise=1_worker.read-lag=2_lr=0.02.png'
set title 'noise=1 read-lag=2 lr=0.02' noenhanced
plot 'plots/p17-noise=1_worker.read-lag=2_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p17-noise=1_worker.read-lag=2_lr=0.02.svg'
set title 'noise=1 read-lag=2 lr=0.02' noenhanced
plot 'plots/p17-noise=1_worker.read-lag=2_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p18-noise=1_worker.read-lag=5_lr=0.02.png'
set title 'noise=1 read-lag=5 lr=0.02' noenhanced
plot 'plots/p18-noise=1_worker.read-lag=5_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p18-noise=1_worker.read-lag=5_lr=0.02.svg'
set title 'noise=1 read-lag=5 lr=0.02' noenhanced
plot 'plots/p18-noise=1_worker.read-lag=5_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p19-noise=1_worker.read-lag=10_lr=0.02.png'
set title 'noise=1 read-lag=10 lr=0.02' noenhanced
plot 'plots/p19-noise=1_worker.read-lag=10_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p19-noise=1_worker.read-lag=10_lr=0.02.svg'
set title 'noise=1 read-lag=10 lr=0.02' noenhanced
plot 'plots/p19-noise=1_worker.read-lag=10_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p20-noise=1_worker.read-lag=20_lr=0.02.png'
set title 'noise=1 read-lag=20 lr=0.02' noenhanced
plot 'plots/p20-noise=1_worker.read-lag=20_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p20-noise=1_worker.read-lag=20_lr=0.02.svg'
set title 'noise=1 read-lag=20 lr=0.02' noenhanced
plot 'plots/p20-noise=1_worker.read-lag=20_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p21-noise=1_worker.read-lag=50_lr=0.02.png'
set title 'noise=1 read-lag=50 lr=0.02' noenhanced
plot 'plots/p21-noise=1_worker.read-lag=50_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p21-noise=1_worker.read-lag=50_lr=0.02.svg'
set title 'noise=1 read-lag=50 lr=0.02' noenhanced
plot 'plots/p21-noise=1_worker.read-lag=50_lr=0.02-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p22-noise=1_worker.read-lag=0_lr=0.5.png'
set title 'noise=1 read-lag=0 lr=0.5' noenhanced
plot 'plots/p22-noise=1_worker.read-lag=0_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p22-noise=1_worker.read-lag=0_lr=0.5.svg'
set title 'noise=1 read-lag=0 lr=0.5' noenhanced
plot 'plots/p22-noise=1_worker.read-lag=0_lr=0.5-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p23-noise=1_worker.read-lag=1_lr=0.25.png'
set title 'noise=1 read-lag=1 lr=0.25' noenhanced
plot 'plots/p23-noise=1_worker.read-lag=1_lr=0.25-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p23-noise=1_worker.read-lag=1_lr=0.25.svg'
set title 'noise=1 read-lag=1 lr=0.25' noenhanced
plot 'plots/p23-noise=1_worker.read-lag=1_lr=0.25-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p24-noise=1_worker.read-lag=2_lr=0.166667.png'
set title 'noise=1 read-lag=2 lr=0.166667' noenhanced
plot 'plots/p24-noise=1_worker.read-lag=2_lr=0.166667-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p24-noise=1_worker.read-lag=2_lr=0.166667.svg'
set title 'noise=1 read-lag=2 lr=0.166667' noenhanced
plot 'plots/p24-noise=1_worker.read-lag=2_lr=0.166667-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p25-noise=1_worker.read-lag=5_lr=0.0833333.png'
set title 'noise=1 read-lag=5 lr=0.0833333' noenhanced
plot 'plots/p25-noise=1_worker.read-lag=5_lr=0.0833333-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p25-noise=1_worker.read-lag=5_lr=0.0833333.svg'
set title 'noise=1 read-lag=5 lr=0.0833333' noenhanced
plot 'plots/p25-noise=1_worker.read-lag=5_lr=0.0833333-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p26-noise=1_worker.read-lag=10_lr=0.0454545.png'
set title 'noise=1 read-lag=10 lr=0.0454545' noenhanced
plot 'plots/p26-noise=1_worker.read-lag=10_lr=0.0454545-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p26-noise=1_worker.read-lag=10_lr=0.0454545.svg'
set title 'noise=1 read-lag=10 lr=0.0454545' noenhanced
plot 'plots/p26-noise=1_worker.read-lag=10_lr=0.0454545-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p27-noise=1_worker.read-lag=20_lr=0.0238095.png'
set title 'noise=1 read-lag=20 lr=0.0238095' noenhanced
plot 'plots/p27-noise=1_worker.read-lag=20_lr=0.0238095-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p27-noise=1_worker.read-lag=20_lr=0.0238095.svg'
set title 'noise=1 read-lag=20 lr=0.0238095' noenhanced
plot 'plots/p27-noise=1_worker.read-lag=20_lr=0.0238095-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p28-noise=1_worker.read-lag=50_lr=0.00980392.png'
set title 'noise=1 read-lag=50 lr=0.00980392' noenhanced
plot 'plots/p28-noise=1_worker.read-lag=50_lr=0.00980392-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p28-noise=1_worker.read-lag=50_lr=0.00980392.svg'
set title 'noise=1 read-lag=50 lr=0.00980392' noenhanced
plot 'plots/p28-noise=1_worker.read-lag=50_lr=0.00980392-staleness.dat' using 1:2 with boxes
