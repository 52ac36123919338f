import org.jetbrains.kotlin.gradle.tasks.KotlinCompile

plugins { /* … */ }

group = "com.example"
version = "1.0-SNAPSHOT"

repositories { /* … */ }

dependencies { /* … */ }

tasks.withType<KotlinCompile> { /* … */ }

val generate by tasks.registering { /* … */ }

fun helper(name: String): String { /* … */ }

application { /* … */ }
