// Unity runtime tests of goap: the village domain, for Unity's Test Runner (NUnit 3) and
// for Mono with NUnit 2.6 here (scripts/test-csharp.sh). No UnityEngine API: plain NUnit.
using System;
using System.Globalization;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;

namespace Goap.Tests.Runtime
{
    /// <summary>
    /// The village domain text. With the environment variable GOAP_DOMAINS (the repository's
    /// examples/domains, set by the test script) it is read from village.json there; in
    /// Unity, where the repository is not at hand, the copy embedded below is used. The test
    /// <see cref="VillageTests.EmbeddedDomainIsTheExamplesFile"/> keeps the copy in step.
    /// </summary>
    internal static class VillageDomainSource
    {
        /// <summary>examples/domains/village.json without the whitespace outside strings.</summary>
        internal const string Embedded =
            "{\"objects\":{\"ware\":[\"sickle\",\"planks\"],\"food\":[\"meal\",\"bread\"],\"spot\":[\"gate\",\"wall\",\"well\"]}," +
            "\"actions\":[{\"name\":\"go_field\",\"cost\":2,\"pre\":{\"at_field\":false},\"effects\":{\"at_field\":true," +
            "\"at_mill\":false,\"at_bakery\":false,\"at_market\":false,\"at_tavern\":false,\"at_gate\":false," +
            "\"at_wall\":false,\"at_well\":false,\"at_river\":false}},{\"name\":\"go_mill\",\"cost\":2," +
            "\"pre\":{\"at_mill\":false},\"effects\":{\"at_field\":false,\"at_mill\":true,\"at_bakery\":false," +
            "\"at_market\":false,\"at_tavern\":false,\"at_gate\":false,\"at_wall\":false,\"at_well\":false," +
            "\"at_river\":false}},{\"name\":\"go_bakery\",\"cost\":2,\"pre\":{\"at_bakery\":false}," +
            "\"effects\":{\"at_field\":false,\"at_mill\":false,\"at_bakery\":true,\"at_market\":false,\"at_tavern\":false," +
            "\"at_gate\":false,\"at_wall\":false,\"at_well\":false,\"at_river\":false}},{\"name\":\"go_market\",\"cost\":2," +
            "\"pre\":{\"at_market\":false},\"effects\":{\"at_field\":false,\"at_mill\":false,\"at_bakery\":false," +
            "\"at_market\":true,\"at_tavern\":false,\"at_gate\":false,\"at_wall\":false,\"at_well\":false," +
            "\"at_river\":false}},{\"name\":\"go_tavern\",\"cost\":2,\"pre\":{\"at_tavern\":false}," +
            "\"effects\":{\"at_field\":false,\"at_mill\":false,\"at_bakery\":false,\"at_market\":false,\"at_tavern\":true," +
            "\"at_gate\":false,\"at_wall\":false,\"at_well\":false,\"at_river\":false}},{\"name\":\"go_gate\",\"cost\":2," +
            "\"pre\":{\"at_gate\":false},\"effects\":{\"at_field\":false,\"at_mill\":false,\"at_bakery\":false," +
            "\"at_market\":false,\"at_tavern\":false,\"at_gate\":true,\"at_wall\":false,\"at_well\":false," +
            "\"at_river\":false}},{\"name\":\"go_wall\",\"cost\":2,\"pre\":{\"at_wall\":false},\"effects\":{\"at_field\":false," +
            "\"at_mill\":false,\"at_bakery\":false,\"at_market\":false,\"at_tavern\":false,\"at_gate\":false," +
            "\"at_wall\":true,\"at_well\":false,\"at_river\":false}},{\"name\":\"go_well\",\"cost\":2," +
            "\"pre\":{\"at_well\":false},\"effects\":{\"at_field\":false,\"at_mill\":false,\"at_bakery\":false," +
            "\"at_market\":false,\"at_tavern\":false,\"at_gate\":false,\"at_wall\":false,\"at_well\":true," +
            "\"at_river\":false}},{\"name\":\"go_river\",\"cost\":2,\"pre\":{\"at_river\":false},\"effects\":{\"at_field\":false," +
            "\"at_mill\":false,\"at_bakery\":false,\"at_market\":false,\"at_tavern\":false,\"at_gate\":false," +
            "\"at_wall\":false,\"at_well\":false,\"at_river\":true}},{\"name\":\"harvest\",\"cost\":2,\"pre\":{\"at_field\":true," +
            "\"has_sickle\":true},\"effects\":{\"has_grain\":true}},{\"name\":\"sell_grain\",\"cost\":1," +
            "\"pre\":{\"at_mill\":true,\"has_grain\":true},\"effects\":{\"has_grain\":false,\"has_coin\":true," +
            "\"grain_sold\":true}},{\"name\":\"buy_flour\",\"cost\":1,\"pre\":{\"at_mill\":true,\"has_coin\":true}," +
            "\"effects\":{\"has_coin\":false,\"has_flour\":true}},{\"name\":\"bake_bread\",\"cost\":3," +
            "\"pre\":{\"at_bakery\":true,\"has_flour\":true},\"effects\":{\"has_flour\":false,\"has_bread\":true}}," +
            "{\"name\":\"deliver_bread\",\"cost\":1,\"pre\":{\"at_market\":true,\"has_bread\":true}," +
            "\"effects\":{\"has_bread\":false,\"has_coin\":true,\"bread_delivered\":true}},{\"name\":\"buy_{ware}\"," +
            "\"params\":{\"ware\":\"ware\"},\"cost\":1,\"pre\":{\"at_market\":true,\"has_coin\":true}," +
            "\"effects\":{\"has_coin\":false,\"has_{ware}\":true}},{\"name\":\"buy_meal\",\"cost\":1,\"pre\":{\"at_tavern\":true," +
            "\"has_coin\":true},\"effects\":{\"has_coin\":false,\"has_meal\":true}},{\"name\":\"eat_{food}\"," +
            "\"params\":{\"food\":\"food\"},\"cost\":1,\"pre\":{\"has_{food}\":true},\"effects\":{\"has_{food}\":false," +
            "\"fed\":true}},{\"name\":\"repair_bridge\",\"cost\":3,\"pre\":{\"at_river\":true,\"has_planks\":true}," +
            "\"effects\":{\"has_planks\":false,\"bridge_intact\":true}},{\"name\":\"cross_bridge\",\"cost\":1," +
            "\"pre\":{\"at_river\":true,\"bridge_intact\":true},\"effects\":{\"across_river\":true}}," +
            "{\"name\":\"check_{spot}\",\"params\":{\"spot\":\"spot\"},\"cost\":1,\"pre\":{\"at_{spot}\":true}," +
            "\"effects\":{\"{spot}_checked\":true}}],\"start\":{\"at_bakery\":true,\"has_flour\":true,\"has_coin\":true}," +
            "\"goal\":{\"bread_delivered\":true},\"goals\":[{\"name\":\"eat\",\"priority\":0,\"conditions\":{\"fed\":true}}," +
            "{\"name\":\"bake\",\"priority\":5,\"conditions\":{\"bread_delivered\":true}},{\"name\":\"farm\",\"priority\":5," +
            "\"conditions\":{\"grain_sold\":true}},{\"name\":\"patrol\",\"priority\":5,\"conditions\":{\"gate_checked\":true," +
            "\"wall_checked\":true,\"well_checked\":true}},{\"name\":\"cross\",\"priority\":4," +
            "\"conditions\":{\"across_river\":true}}],\"meta\":{\"name\":\"village\",\"family\":\"village\",\"optimal_cost\":6," +
            "\"facts\":24,\"actions\":24,\"about\":\"goap demo: a cook, a farmer," +
            " a guard and a traveller share one domain; each NPC enables its own goals (the demo sets priorities) and 'eat' rises with hunger; buy_*," +
            " eat_* and check_* are templates (a go_* sets every other place false," +
            " which one template cannot say, so they stay written out)\"}}";

        /// <summary>village.json under GOAP_DOMAINS, or null when the variable is not set.</summary>
        internal static string FilePath
        {
            get
            {
                var dir = Environment.GetEnvironmentVariable("GOAP_DOMAINS");
                return string.IsNullOrEmpty(dir) ? null : Path.Combine(dir, "village.json");
            }
        }

        /// <summary>The file under GOAP_DOMAINS when set, else the embedded copy.</summary>
        internal static string Load()
        {
            var path = FilePath;
            return path == null ? Embedded : File.ReadAllText(path, Encoding.UTF8);
        }

        /// <summary>The file's meta.optimal_cost: the cost of an optimal plan for its "goal".</summary>
        internal static double OptimalCost(string json)
        {
            var m = Regex.Match(json, "\"optimal_cost\"\\s*:\\s*([0-9.eE+-]+)");
            if (!m.Success) throw new FormatException("no meta.optimal_cost in the village domain");
            return double.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture);
        }

        /// <summary><paramref name="json"/> without the whitespace outside string literals.</summary>
        internal static string Minify(string json)
        {
            var sb = new StringBuilder(json.Length);
            bool inString = false, escaped = false;
            foreach (char c in json)
            {
                if (inString)
                {
                    sb.Append(c);
                    if (escaped) escaped = false;
                    else if (c == '\\') escaped = true;
                    else if (c == '"') inString = false;
                }
                else if (!char.IsWhiteSpace(c))
                {
                    if (c == '"') inString = true;
                    sb.Append(c);
                }
            }
            return sb.ToString();
        }
    }
}
