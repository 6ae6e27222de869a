// The sites below are a table: each is one fixed LINQ chain the generator sees, with captured values
// drawn per run, and its LINQ-to-objects twin. Keep each site in this form; CompiledSiteTests runs them.
#pragma warning disable IDE0305, CA1861

namespace DocStore.Generators.RuntimeTests.Linq.Compiled.Sites;

/// <summary>Compiled call sites 90 to 134 (see <see cref="CompiledSiteTests"/>).</summary>
internal static class CompiledSites3
{
    private static async Task Site90(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Age == a).Count(),
            () => r.All.Where(p => p.Age == a).Count());
    }

    private static async Task Site91(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Age == a).Skip(sk).Take(tk).LongCount(),
            () => r.All.Where(p => p.Age == a).Skip(sk).Take(tk).LongCount());
    }

    private static async Task Site92(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Age == a).Take(tk).Any(),
            () => r.All.Where(p => p.Age == a).Take(tk).Any());
    }

    private static async Task Site93(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Age == a).ToListAsync(),
            () => r.All.Where(p => p.Age == a).ToList());
    }

    private static async Task Site94(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Age == a).Skip(sk).Take(tk).FirstOrDefaultAsync(),
            () => r.All.Where(p => p.Age == a).Skip(sk).Take(tk).FirstOrDefault());
    }

    private static async Task Site95(SiteRun r)
    {
        var city = r.Pick(SiteValues.Cities);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Home!.City == city).Take(tk).CountAsync(),
            () => r.All.Where(p => p.Home?.City == city).Take(tk).Count());
    }

    private static async Task Site96(SiteRun r)
    {
        var city = r.Pick(SiteValues.Cities);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Home!.City == city).AnyAsync(),
            () => r.All.Where(p => p.Home?.City == city).Any());
    }

    private static async Task Site97(SiteRun r)
    {
        var city = r.Pick(SiteValues.Cities);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Home!.City == city).Skip(sk).Take(tk).SingleOrDefaultAsync(),
            () => r.All.Where(p => p.Home?.City == city).Skip(sk).Take(tk).SingleOrDefault());
    }

    private static async Task Site98(SiteRun r)
    {
        var city = r.Pick(SiteValues.Cities);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Home!.City == city).Take(tk).ToList(),
            () => r.All.Where(p => p.Home?.City == city).Take(tk).ToList());
    }

    private static async Task Site99(SiteRun r)
    {
        var city = r.Pick(SiteValues.Cities);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Home!.City == city).Select(p => new { p.Id, p.Name, p.Kind }).ToArray(),
            () => r.All.Where(p => p.Home?.City == city).Select(p => new { p.Id, p.Name, p.Kind }).ToArray());
    }

    private static async Task Site100(SiteRun r)
    {
        var tag = r.Pick(SiteValues.Tags);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Tags!.Contains(tag)).Skip(sk).Take(tk).First(),
            () => r.All.Where(p => p.Tags != null && p.Tags.Contains(tag)).Skip(sk).Take(tk).First());
    }

    private static async Task Site101(SiteRun r)
    {
        var tag = r.Pick(SiteValues.Tags);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Tags!.Contains(tag)).Take(tk).FirstOrDefault(),
            () => r.All.Where(p => p.Tags != null && p.Tags.Contains(tag)).Take(tk).FirstOrDefault());
    }

    private static async Task Site102(SiteRun r)
    {
        var tag = r.Pick(SiteValues.Tags);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Tags!.Contains(tag)).Single(),
            () => r.All.Where(p => p.Tags != null && p.Tags.Contains(tag)).Single());
    }

    private static async Task Site103(SiteRun r)
    {
        var tag = r.Pick(SiteValues.Tags);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Tags!.Contains(tag)).Skip(sk).Take(tk).SingleOrDefault(),
            () => r.All.Where(p => p.Tags != null && p.Tags.Contains(tag)).Skip(sk).Take(tk).SingleOrDefault());
    }

    private static async Task Site104(SiteRun r)
    {
        var tag = r.Pick(SiteValues.Tags);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Tags!.Contains(tag)).Take(tk).Count(),
            () => r.All.Where(p => p.Tags != null && p.Tags.Contains(tag)).Take(tk).Count());
    }

    private static async Task Site105(SiteRun r)
    {
        var ids = r.Ids();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).LongCount(),
            () => r.All.Where(p => ids.Contains(p.Id)).LongCount());
    }

    private static async Task Site106(SiteRun r)
    {
        var ids = r.Ids();
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Skip(sk).Take(tk).Any(),
            () => r.All.Where(p => ids.Contains(p.Id)).Skip(sk).Take(tk).Any());
    }

    private static async Task Site107(SiteRun r)
    {
        var ids = r.Ids();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Take(tk).Select(p => p.Home!.City).ToListAsync(),
            () => r.All.Where(p => ids.Contains(p.Id)).Take(tk).Select(p => p.Home == null ? null : p.Home.City).ToList());
    }

    private static async Task Site108(SiteRun r)
    {
        var ids = r.Ids();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).FirstOrDefaultAsync(),
            () => r.All.Where(p => ids.Contains(p.Id)).FirstOrDefault());
    }

    private static async Task Site109(SiteRun r)
    {
        var ids = r.Ids();
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Skip(sk).Take(tk).CountAsync(),
            () => r.All.Where(p => ids.Contains(p.Id)).Skip(sk).Take(tk).Count());
    }

    private static async Task Site110(SiteRun r)
    {
        var ids = r.Ids().ToArray();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Take(tk).AnyAsync(),
            () => r.All.Where(p => ids.Contains(p.Id)).Take(tk).Any());
    }

    private static async Task Site111(SiteRun r)
    {
        var ids = r.Ids().ToArray();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).SingleOrDefaultAsync(),
            () => r.All.Where(p => ids.Contains(p.Id)).SingleOrDefault());
    }

    private static async Task Site112(SiteRun r)
    {
        var ids = r.Ids().ToArray();
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Skip(sk).Take(tk).ToList(),
            () => r.All.Where(p => ids.Contains(p.Id)).Skip(sk).Take(tk).ToList());
    }

    private static async Task Site113(SiteRun r)
    {
        var ids = r.Ids().ToArray();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Take(tk).ToArray(),
            () => r.All.Where(p => ids.Contains(p.Id)).Take(tk).ToArray());
    }

    private static async Task Site114(SiteRun r)
    {
        var ids = r.Ids().ToArray();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).First(),
            () => r.All.Where(p => ids.Contains(p.Id)).First());
    }

    private static async Task Site115(SiteRun r)
    {
        var ids = r.Ids().ToHashSet();
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Skip(sk).Take(tk).Select(p => new Linq.LinqRow(p.Id, p.Code, p.Home!.City, p.Score)).FirstOrDefault(),
            () => r.All.Where(p => ids.Contains(p.Id)).Skip(sk).Take(tk).Select(p => new Linq.LinqRow(p.Id, p.Code, p.Home == null ? null : p.Home.City, p.Score)).FirstOrDefault());
    }

    private static async Task Site116(SiteRun r)
    {
        var ids = r.Ids().ToHashSet();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Take(tk).Single(),
            () => r.All.Where(p => ids.Contains(p.Id)).Take(tk).Single());
    }

    private static async Task Site117(SiteRun r)
    {
        var ids = r.Ids().ToHashSet();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).SingleOrDefault(),
            () => r.All.Where(p => ids.Contains(p.Id)).SingleOrDefault());
    }

    private static async Task Site118(SiteRun r)
    {
        var ids = r.Ids().ToHashSet();
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Skip(sk).Take(tk).Count(),
            () => r.All.Where(p => ids.Contains(p.Id)).Skip(sk).Take(tk).Count());
    }

    private static async Task Site119(SiteRun r)
    {
        var ids = r.Ids().ToHashSet();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Take(tk).LongCount(),
            () => r.All.Where(p => ids.Contains(p.Id)).Take(tk).LongCount());
    }

    private static async Task Site120(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var b = a + r.Pick(SiteValues.Spans);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Age >= a && p.Age < b).OrderBy(p => p.Age).Any(),
            () => r.All.Where(p => p.Age >= a && p.Age < b).OrderBy(p => p.Age).Any());
    }

    private static async Task Site121(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var b = a + r.Pick(SiteValues.Spans);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Age >= a && p.Age < b).OrderBy(p => p.Age).Skip(sk).Take(tk).ToListAsync(),
            () => r.All.Where(p => p.Age >= a && p.Age < b).OrderBy(p => p.Age).Skip(sk).Take(tk).ToList());
    }

    private static async Task Site122(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var b = a + r.Pick(SiteValues.Spans);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Age >= a && p.Age < b).OrderBy(p => p.Age).Take(tk).FirstOrDefaultAsync(),
            () => r.All.Where(p => p.Age >= a && p.Age < b).OrderBy(p => p.Age).Take(tk).FirstOrDefault());
    }

    private static async Task Site123(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var b = a + r.Pick(SiteValues.Spans);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Age >= a && p.Age < b).OrderBy(p => p.Age).CountAsync(),
            () => r.All.Where(p => p.Age >= a && p.Age < b).OrderBy(p => p.Age).Count());
    }

    private static async Task Site124(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var b = a + r.Pick(SiteValues.Spans);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Age >= a && p.Age < b).OrderBy(p => p.Age).Skip(sk).Take(tk).AnyAsync(),
            () => r.All.Where(p => p.Age >= a && p.Age < b).OrderBy(p => p.Age).Skip(sk).Take(tk).Any());
    }

    private static async Task Site125(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var b = a + r.Pick(SiteValues.Spans);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Age >= a && p.Age < b).OrderBy(p => p.Age).Take(tk).SingleOrDefaultAsync(),
            () => r.All.Where(p => p.Age >= a && p.Age < b).OrderBy(p => p.Age).Take(tk).SingleOrDefault());
    }

    private static async Task Site126(SiteRun r)
    {
        var x = r.Pick(SiteValues.Prefixes);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Code.StartsWith(x)).OrderBy(p => p.Code).ToList(),
            () => r.All.Where(p => p.Code.StartsWith(x, StringComparison.Ordinal)).OrderBy(p => p.Code, StringComparer.Ordinal).ToList());
    }

    private static async Task Site127(SiteRun r)
    {
        var x = r.Pick(SiteValues.Prefixes);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Code.StartsWith(x)).OrderBy(p => p.Code).Skip(sk).Take(tk).Select(p => new ValueTuple<int, string?>(p.Id, p.Name)).ToArray(),
            () => r.All.Where(p => p.Code.StartsWith(x, StringComparison.Ordinal)).OrderBy(p => p.Code, StringComparer.Ordinal).Skip(sk).Take(tk).Select(p => new ValueTuple<int, string?>(p.Id, p.Name)).ToArray());
    }

    private static async Task Site128(SiteRun r)
    {
        var x = r.Pick(SiteValues.Prefixes);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Code.StartsWith(x)).OrderBy(p => p.Code).Take(tk).First(),
            () => r.All.Where(p => p.Code.StartsWith(x, StringComparison.Ordinal)).OrderBy(p => p.Code, StringComparer.Ordinal).Take(tk).First());
    }

    private static async Task Site129(SiteRun r)
    {
        var x = r.Pick(SiteValues.Prefixes);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Code.StartsWith(x)).OrderBy(p => p.Code).FirstOrDefault(),
            () => r.All.Where(p => p.Code.StartsWith(x, StringComparison.Ordinal)).OrderBy(p => p.Code, StringComparer.Ordinal).FirstOrDefault());
    }

    private static async Task Site130(SiteRun r)
    {
        var x = r.Pick(SiteValues.Prefixes);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Code.StartsWith(x)).OrderBy(p => p.Code).Skip(sk).Take(tk).Single(),
            () => r.All.Where(p => p.Code.StartsWith(x, StringComparison.Ordinal)).OrderBy(p => p.Code, StringComparer.Ordinal).Skip(sk).Take(tk).Single());
    }

    private static async Task Site131(SiteRun r)
    {
        var x = r.Pick(SiteValues.Prefixes);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Code.StartsWith(x)).OrderBy(p => p.Code).Take(tk).SingleOrDefault(),
            () => r.All.Where(p => p.Code.StartsWith(x, StringComparison.Ordinal)).OrderBy(p => p.Code, StringComparer.Ordinal).Take(tk).SingleOrDefault());
    }

    private static async Task Site132(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var n = r.Pick(SiteValues.Names);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Name == n || p.Age == a).OrderBy(p => p.Id).ToList(),
            () => r.All.Where(p => p.Name == n || p.Age == a).OrderBy(p => p.Id).ToList());
    }

    private static async Task Site133(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var n = r.Pick(SiteValues.Names);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Name == n || p.Age == a).OrderBy(p => p.Id).Skip(sk).Take(tk).FirstOrDefault(),
            () => r.All.Where(p => p.Name == n || p.Age == a).OrderBy(p => p.Id).Skip(sk).Take(tk).FirstOrDefault());
    }

    private static async Task Site134(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var n = r.Pick(SiteValues.Names);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Name == n || p.Age == a).OrderBy(p => p.Id).Take(tk).ToListAsync(),
            () => r.All.Where(p => p.Name == n || p.Age == a).OrderBy(p => p.Id).Take(tk).ToList());
    }

    /// <summary>The sites: their names (number, kind, filter), whether the generator compiles them (null: not checked), and the code.</summary>
    public static readonly Site[] All =
    [
        new("90:seek:age-eq", true, Site90),
        new("91:seek:age-eq", true, Site91),
        new("92:seek:age-eq", true, Site92),
        new("93:seek:age-eq", true, Site93),
        new("94:seek:age-eq", true, Site94),
        new("95:seek:city-eq", true, Site95),
        new("96:seek:city-eq", true, Site96),
        new("97:seek:city-eq", true, Site97),
        new("98:seek:city-eq", true, Site98),
        new("99:seek:city-eq", true, Site99),
        new("100:seek:tags", true, Site100),
        new("101:seek:tags", true, Site101),
        new("102:seek:tags", true, Site102),
        new("103:seek:tags", true, Site103),
        new("104:seek:tags", true, Site104),
        new("105:seek:ids-list", true, Site105),
        new("106:seek:ids-list", true, Site106),
        new("107:seek:ids-list", null, Site107),
        new("108:seek:ids-list", true, Site108),
        new("109:seek:ids-list", true, Site109),
        new("110:seek:ids-array", true, Site110),
        new("111:seek:ids-array", true, Site111),
        new("112:seek:ids-array", true, Site112),
        new("113:seek:ids-array", true, Site113),
        new("114:seek:ids-array", true, Site114),
        new("115:seek:ids-set", null, Site115),
        new("116:seek:ids-set", true, Site116),
        new("117:seek:ids-set", true, Site117),
        new("118:seek:ids-set", true, Site118),
        new("119:seek:ids-set", true, Site119),
        new("120:walk:age-range", true, Site120),
        new("121:walk:age-range", true, Site121),
        new("122:walk:age-range", true, Site122),
        new("123:walk:age-range", true, Site123),
        new("124:walk:age-range", true, Site124),
        new("125:walk:age-range", true, Site125),
        new("126:walk:code-prefix", true, Site126),
        new("127:walk:code-prefix", true, Site127),
        new("128:walk:code-prefix", true, Site128),
        new("129:walk:code-prefix", true, Site129),
        new("130:walk:code-prefix", true, Site130),
        new("131:walk:code-prefix", true, Site131),
        new("132:runtime:indexed-or", false, Site132),
        new("133:runtime:indexed-or", false, Site133),
        new("134:runtime:indexed-or", false, Site134),
    ];
}
