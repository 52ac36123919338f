using System;

namespace Ünïcødé
{
    /// <summary>Grüße aus Köln — 日本語のドキュメント。</summary>
    public class Übersetzer
    {
        public const string Gruß = "Grüß Gott 🌍";
        private readonly string _名前 = "名前";

        public string Übersetze(string wört, int ζ = 3) { /* … */ }

        public string Raw() { /* … */ }

        public static string Verbatim = @"C:\Pfad\Ördner
zweite Zeile";

        public string Ω => "omega";

        public void 日本語(char c = 'é') { /* … */ }
    }
}
