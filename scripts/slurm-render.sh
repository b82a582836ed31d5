#!/usr/bin/env bash
#SBATCH --job-name=animatic-render
#SBATCH --array=0-3
#SBATCH --cpus-per-task=2
#SBATCH --output=animatic-render-%A_%a.log
# Renders one piece of a scene per Slurm array task, into PARTS/TASK/ID; merge the pieces once
# every task is done. FRAMES is the scene's frame count (duration x fps: `animatic list` shows
# it), split into as many pieces as the array has tasks (the last piece runs to the end):
#
#   job=$(sbatch --parsable scripts/slurm-render.sh push 600 parts)
#   sbatch --dependency=afterok:$job --wrap 'animatic merge parts/*/push --out output'
#
# Outside Slurm, set SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT yourself to run one piece.
# ANIMATIC names the executable (default: animatic on the PATH).
set -euo pipefail
scene="${1:?usage: slurm-render.sh SCENE FRAMES [PARTS]}"
total="${2:?usage: slurm-render.sh SCENE FRAMES [PARTS]}"
parts="${3:-parts}"
count="${SLURM_ARRAY_TASK_COUNT:?run under sbatch --array (or set SLURM_ARRAY_TASK_COUNT)}"
task="${SLURM_ARRAY_TASK_ID:?run under sbatch --array (or set SLURM_ARRAY_TASK_ID)}"
chunk=$(( (total + count - 1) / count ))
start=$(( task * chunk ))
if [ "$task" -eq $(( count - 1 )) ]; then range="$start:"; else range="$start:$(( start + chunk ))"; fi
exec "${ANIMATIC:-animatic}" render "$scene" --frames "$range" --out "$parts/$task" --quiet
