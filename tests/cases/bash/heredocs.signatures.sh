#!/bin/sh
write_config() { : ...; }

write_quoted() { : ...; }

indented() { : ...; }

for f in *.txt; do
  echo "$f"
done

if [ -f x ]; then
  write_config x
fi
