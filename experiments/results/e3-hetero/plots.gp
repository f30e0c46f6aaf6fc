# Written by taups-sweep for /work/main/experiments/e3-hetero.ini; redraw with: cd experiments/results/e3-hetero && gnuplot plots.gp
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
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.1 codec=none error-feedback=off' noenhanced, \
     'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.1 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.1 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.1 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.1 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.1 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.1 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-1.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.1 codec=none error-feedback=off' noenhanced, \
     'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.1 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.1 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.1 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.1 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.1 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.1 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-2.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.025 codec=none error-feedback=off' noenhanced, \
     'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.025 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.025 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.025 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.025 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.025 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.025 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-2.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.025 codec=none error-feedback=off' noenhanced, \
     'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.025 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.025 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.025 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.025 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.025 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.025 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_time-3.png'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.00625 codec=none error-feedback=off' noenhanced, \
     'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.00625 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.00625 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.00625 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.00625 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.00625 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.00625 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_time-3.svg'
unset logscale x
set format x '%g'
set format x '%g'
set xlabel 'wall-clock time (s)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.00625 codec=none error-feedback=off' noenhanced, \
     'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-time.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.00625 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.00625 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-time.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.00625 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.00625 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.00625 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-time.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-time.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.00625 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.1 codec=none error-feedback=off' noenhanced, \
     'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.1 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.1 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.1 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.1 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.1 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.1 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.1 codec=none error-feedback=off' noenhanced, \
     'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.1 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.1 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.1 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.1 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.1 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.1 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.025 codec=none error-feedback=off' noenhanced, \
     'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.025 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.025 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.025 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.025 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.025 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.025 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.025 codec=none error-feedback=off' noenhanced, \
     'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.025 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.025 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.025 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.025 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.025 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.025 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_updates-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.00625 codec=none error-feedback=off' noenhanced, \
     'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.00625 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.00625 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.00625 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.00625 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.00625 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.00625 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_updates-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'updates applied'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.00625 codec=none error-feedback=off' noenhanced, \
     'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-updates.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.00625 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.00625 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-updates.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.00625 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.00625 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.00625 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-updates.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-updates.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.00625 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-1.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.1 codec=none error-feedback=off' noenhanced, \
     'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.1 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.1 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.1 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.1 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.1 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.1 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-1.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.1 codec=none error-feedback=off' noenhanced, \
     'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.1 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.1 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.1 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.1 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.1 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.1 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-2.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.025 codec=none error-feedback=off' noenhanced, \
     'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.025 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.025 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.025 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.025 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.025 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.025 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-2.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.025 codec=none error-feedback=off' noenhanced, \
     'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.025 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.025 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.025 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.025 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.025 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.025 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal @pngterm size 900,720
set output 'metric_vs_bytes-3.png'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.00625 codec=none error-feedback=off' noenhanced, \
     'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.00625 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.00625 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.00625 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.00625 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.00625 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.00625 codec=uniform:2:stochastic error-feedback=off' noenhanced

set terminal svg size 900,720 dynamic
set output 'metric_vs_bytes-3.svg'
unset logscale x
set format x '%g'
set format x '%.1s%c'
set xlabel 'bytes on the wire (all workers)'
set ylabel 'rel_err' noenhanced
unset arrow
set arrow from graph 0, first 0.03 to graph 1, first 0.03 nohead dashtype 2 lw 1.5 lc rgb 'black'
plot 'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 1 notitle, \
     'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 1 dt 1 title 'lr=0.00625 codec=none error-feedback=off' noenhanced, \
     'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 2 notitle, \
     'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-bytes.dat' using 1:2 with lines lw 2 lt 2 dt 1 title 'lr=0.00625 codec=topk:0.01 error-feedback=on' noenhanced, \
     'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 3 notitle, \
     'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 3 dt 1 title 'lr=0.00625 codec=topk:0.01 error-feedback=off' noenhanced, \
     'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 4 notitle, \
     'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-bytes.dat' using 1:2 with lines lw 2 lt 4 dt 1 title 'lr=0.00625 codec=randk:0.01 error-feedback=on' noenhanced, \
     'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 5 notitle, \
     'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 5 dt 1 title 'lr=0.00625 codec=randk:0.01 error-feedback=off' noenhanced, \
     'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 6 notitle, \
     'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 6 dt 1 title 'lr=0.00625 codec=uniform:2 error-feedback=off' noenhanced, \
     'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-bytes.dat' using 1:3:4 with filledcurves fs transparent solid 0.2 noborder lt 7 notitle, \
     'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-bytes.dat' using 1:2 with lines lw 2 lt 7 dt 1 title 'lr=0.00625 codec=uniform:2:stochastic error-feedback=off' noenhanced

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
set output 'staleness-p01-lr=0.1_worker.codec=none_worker.error-feedback=off.png'
set title 'lr=0.1 codec=none error-feedback=off' noenhanced
plot 'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p01-lr=0.1_worker.codec=none_worker.error-feedback=off.svg'
set title 'lr=0.1 codec=none error-feedback=off' noenhanced
plot 'plots/p01-lr=0.1_worker.codec=none_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on.png'
set title 'lr=0.1 codec=topk:0.01 error-feedback=on' noenhanced
plot 'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on.svg'
set title 'lr=0.1 codec=topk:0.01 error-feedback=on' noenhanced
plot 'plots/p02-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off.png'
set title 'lr=0.1 codec=topk:0.01 error-feedback=off' noenhanced
plot 'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off.svg'
set title 'lr=0.1 codec=topk:0.01 error-feedback=off' noenhanced
plot 'plots/p03-lr=0.1_worker.codec=topk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on.png'
set title 'lr=0.1 codec=randk:0.01 error-feedback=on' noenhanced
plot 'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on.svg'
set title 'lr=0.1 codec=randk:0.01 error-feedback=on' noenhanced
plot 'plots/p04-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off.png'
set title 'lr=0.1 codec=randk:0.01 error-feedback=off' noenhanced
plot 'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off.svg'
set title 'lr=0.1 codec=randk:0.01 error-feedback=off' noenhanced
plot 'plots/p05-lr=0.1_worker.codec=randk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off.png'
set title 'lr=0.1 codec=uniform:2 error-feedback=off' noenhanced
plot 'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off.svg'
set title 'lr=0.1 codec=uniform:2 error-feedback=off' noenhanced
plot 'plots/p06-lr=0.1_worker.codec=uniform_2_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off.png'
set title 'lr=0.1 codec=uniform:2:stochastic error-feedback=off' noenhanced
plot 'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off.svg'
set title 'lr=0.1 codec=uniform:2:stochastic error-feedback=off' noenhanced
plot 'plots/p07-lr=0.1_worker.codec=uniform_2_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p08-lr=0.025_worker.codec=none_worker.error-feedback=off.png'
set title 'lr=0.025 codec=none error-feedback=off' noenhanced
plot 'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p08-lr=0.025_worker.codec=none_worker.error-feedback=off.svg'
set title 'lr=0.025 codec=none error-feedback=off' noenhanced
plot 'plots/p08-lr=0.025_worker.codec=none_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on.png'
set title 'lr=0.025 codec=topk:0.01 error-feedback=on' noenhanced
plot 'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on.svg'
set title 'lr=0.025 codec=topk:0.01 error-feedback=on' noenhanced
plot 'plots/p09-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off.png'
set title 'lr=0.025 codec=topk:0.01 error-feedback=off' noenhanced
plot 'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off.svg'
set title 'lr=0.025 codec=topk:0.01 error-feedback=off' noenhanced
plot 'plots/p10-lr=0.025_worker.codec=topk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on.png'
set title 'lr=0.025 codec=randk:0.01 error-feedback=on' noenhanced
plot 'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on.svg'
set title 'lr=0.025 codec=randk:0.01 error-feedback=on' noenhanced
plot 'plots/p11-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off.png'
set title 'lr=0.025 codec=randk:0.01 error-feedback=off' noenhanced
plot 'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off.svg'
set title 'lr=0.025 codec=randk:0.01 error-feedback=off' noenhanced
plot 'plots/p12-lr=0.025_worker.codec=randk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off.png'
set title 'lr=0.025 codec=uniform:2 error-feedback=off' noenhanced
plot 'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off.svg'
set title 'lr=0.025 codec=uniform:2 error-feedback=off' noenhanced
plot 'plots/p13-lr=0.025_worker.codec=uniform_2_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off.png'
set title 'lr=0.025 codec=uniform:2:stochastic error-feedback=off' noenhanced
plot 'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off.svg'
set title 'lr=0.025 codec=uniform:2:stochastic error-feedback=off' noenhanced
plot 'plots/p14-lr=0.025_worker.codec=uniform_2_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p15-lr=0.00625_worker.codec=none_worker.error-feedback=off.png'
set title 'lr=0.00625 codec=none error-feedback=off' noenhanced
plot 'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p15-lr=0.00625_worker.codec=none_worker.error-feedback=off.svg'
set title 'lr=0.00625 codec=none error-feedback=off' noenhanced
plot 'plots/p15-lr=0.00625_worker.codec=none_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on.png'
set title 'lr=0.00625 codec=topk:0.01 error-feedback=on' noenhanced
plot 'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on.svg'
set title 'lr=0.00625 codec=topk:0.01 error-feedback=on' noenhanced
plot 'plots/p16-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off.png'
set title 'lr=0.00625 codec=topk:0.01 error-feedback=off' noenhanced
plot 'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off.svg'
set title 'lr=0.00625 codec=topk:0.01 error-feedback=off' noenhanced
plot 'plots/p17-lr=0.00625_worker.codec=topk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on.png'
set title 'lr=0.00625 codec=randk:0.01 error-feedback=on' noenhanced
plot 'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on.svg'
set title 'lr=0.00625 codec=randk:0.01 error-feedback=on' noenhanced
plot 'plots/p18-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=on-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off.png'
set title 'lr=0.00625 codec=randk:0.01 error-feedback=off' noenhanced
plot 'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off.svg'
set title 'lr=0.00625 codec=randk:0.01 error-feedback=off' noenhanced
plot 'plots/p19-lr=0.00625_worker.codec=randk_0.01_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off.png'
set title 'lr=0.00625 codec=uniform:2 error-feedback=off' noenhanced
plot 'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off.svg'
set title 'lr=0.00625 codec=uniform:2 error-feedback=off' noenhanced
plot 'plots/p20-lr=0.00625_worker.codec=uniform_2_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal @pngterm size 700,450
set output 'staleness-p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off.png'
set title 'lr=0.00625 codec=uniform:2:stochastic error-feedback=off' noenhanced
plot 'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
set terminal svg size 700,450 dynamic
set output 'staleness-p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off.svg'
set title 'lr=0.00625 codec=uniform:2:stochastic error-feedback=off' noenhanced
plot 'plots/p21-lr=0.00625_worker.codec=uniform_2_stochastic_worker.error-feedback=off-staleness.dat' using 1:2 with boxes
