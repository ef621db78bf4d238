# Hecht im Karpfenteich, 3 players, default chips (generated: random legal play, seed 310)
fishtable 1
game hecht
players 3
start 3
# round 1
action pike
end
action skip
action carp
end
action carp
end
action wave
end
action wave
end
action skip
action snail
end
graze
action wave
end
action wave
end
action carp
end
action skip
action snail
graze
end
action wave
end
action snail
graze
end
action wave
end
action pike
end
emigrate
action pike
emigrate
end
# round 2
action wave
end
action carp
end
action skip
action pike
end
action pike
end
action snail
end
action skip
action skip
action carp 6
end
eat
eat
action wave
graze
end
eat
eat
action snail
end
action pike
graze
end
action snail
graze
end
action wave
end
action wave
end
action carp
end
action wave
end
action wave
end
# round 3
action pike 1+3
eat
end
action pike 3+3
end
action snail
end
action snail
end
emigrate
action wave
end
action carp 3
graze
end
action carp
eat
eat sated
eat
graze
end
action wave
end
action pike 1+3
end
# over: scores 4 2 6, winner 3
