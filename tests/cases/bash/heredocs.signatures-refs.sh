#!/bin/sh
write_config() { : ... L2-8; }

write_quoted() { : ... L10-14; }

indented() { : ... L16-20; }

for f in *.txt; do
  echo "$f"
done

if [ -f x ]; then
  write_config x
fi
