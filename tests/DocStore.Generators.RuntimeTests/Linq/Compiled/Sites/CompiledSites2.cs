// The sites below are a table: each is one fixed LINQ chain the generator sees, with captured values
// drawn per run, and its LINQ-to-objects twin. Keep each site in this form; CompiledSiteTests runs them.
#pragma warning disable IDE0305, CA1861

namespace DocStore.Generators.RuntimeTests.Linq.Compiled.Sites;

/// <summary>Compiled call sites 45 to 89 (see <see cref="CompiledSiteTests"/>).</summary>
internal static class CompiledSites2
{
    private static async Task Site45(SiteRun r)
    {
        var k = r.Pick(SiteValues.Grades);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Grade <= k || p.Grade == null).OrderBy(p => p.Id).FirstOrDefault(),
            () => r.All.Where(p => p.Grade <= k || p.Grade == null).OrderBy(p => p.Id).FirstOrDefault());
    }

    private static async Task Site46(SiteRun r)
    {
        var k = r.Pick(SiteValues.Grades);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Grade <= k || p.Grade == null).Skip(sk).Take(tk).Single(),
            () => r.All.Where(p => p.Grade <= k || p.Grade == null).Skip(sk).Take(tk).Single());
    }

    private static async Task Site47(SiteRun r)
    {
        var k = r.Pick(SiteValues.Grades);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Grade <= k || p.Grade == null).Take(tk).SingleOrDefault(),
            () => r.All.Where(p => p.Grade <= k || p.Grade == null).Take(tk).SingleOrDefault());
    }

    private static async Task Site48(SiteRun r)
    {
        var k = r.Pick(SiteValues.Grades);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Grade <= k || p.Grade == null).OrderBy(p => p.Id).Count(),
            () => r.All.Where(p => p.Grade <= k || p.Grade == null).OrderBy(p => p.Id).Count());
    }

    private static async Task Site49(SiteRun r)
    {
        var k = r.Pick(SiteValues.Grades);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Grade <= k || p.Grade == null).Skip(sk).Take(tk).LongCount(),
            () => r.All.Where(p => p.Grade <= k || p.Grade == null).Skip(sk).Take(tk).LongCount());
    }

    private static async Task Site50(SiteRun r)
    {
        var s = r.Pick(LinqData.Instants);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Seen == s || p.Seen < s).OrderBy(p => p.Id).Take(tk).Any(),
            () => r.All.Where(p => p.Seen == s || p.Seen < s).OrderBy(p => p.Id).Take(tk).Any());
    }

    private static async Task Site51(SiteRun r)
    {
        var s = r.Pick(LinqData.Instants);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Seen == s || p.Seen < s).OrderBy(p => p.Id).Select(p => new Linq.LinqRow(p.Id, p.Code, p.Home!.City, p.Score)).ToListAsync(),
            () => r.All.Where(p => p.Seen == s || p.Seen < s).OrderBy(p => p.Id).Select(p => new Linq.LinqRow(p.Id, p.Code, p.Home == null ? null : p.Home.City, p.Score)).ToList());
    }

    private static async Task Site52(SiteRun r)
    {
        var s = r.Pick(LinqData.Instants);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Seen == s || p.Seen < s).Skip(sk).Take(tk).FirstOrDefaultAsync(),
            () => r.All.Where(p => p.Seen == s || p.Seen < s).Skip(sk).Take(tk).FirstOrDefault());
    }

    private static async Task Site53(SiteRun r)
    {
        var s = r.Pick(LinqData.Instants);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Seen == s || p.Seen < s).Take(tk).CountAsync(),
            () => r.All.Where(p => p.Seen == s || p.Seen < s).Take(tk).Count());
    }

    private static async Task Site54(SiteRun r)
    {
        var s = r.Pick(LinqData.Instants);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Seen == s || p.Seen < s).OrderBy(p => p.Id).AnyAsync(),
            () => r.All.Where(p => p.Seen == s || p.Seen < s).OrderBy(p => p.Id).Any());
    }

    private static async Task Site55(SiteRun r)
    {
        var d = r.Pick(SiteValues.Dates);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Born >= d && p.Born != null).Skip(sk).Take(tk).SingleOrDefaultAsync(),
            () => r.All.Where(p => p.Born >= d && p.Born != null).Skip(sk).Take(tk).SingleOrDefault());
    }

    private static async Task Site56(SiteRun r)
    {
        var d = r.Pick(SiteValues.Dates);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Born >= d && p.Born != null).Take(tk).ToList(),
            () => r.All.Where(p => p.Born >= d && p.Born != null).Take(tk).ToList());
    }

    private static async Task Site57(SiteRun r)
    {
        var d = r.Pick(SiteValues.Dates);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Born >= d && p.Born != null).ToArray(),
            () => r.All.Where(p => p.Born >= d && p.Born != null).ToArray());
    }

    private static async Task Site58(SiteRun r)
    {
        var d = r.Pick(SiteValues.Dates);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Born >= d && p.Born != null).OrderBy(p => p.Id).Skip(sk).Take(tk).First(),
            () => r.All.Where(p => p.Born >= d && p.Born != null).OrderBy(p => p.Id).Skip(sk).Take(tk).First());
    }

    private static async Task Site59(SiteRun r)
    {
        var d = r.Pick(SiteValues.Dates);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Born >= d && p.Born != null).OrderBy(p => p.Id).Take(tk).Select(p => new Linq.LinqRow(p.Id, p.Code, p.Home!.City, p.Score)).FirstOrDefault(),
            () => r.All.Where(p => p.Born >= d && p.Born != null).OrderBy(p => p.Id).Take(tk).Select(p => new Linq.LinqRow(p.Id, p.Code, p.Home == null ? null : p.Home.City, p.Score)).FirstOrDefault());
    }

    private static async Task Site60(SiteRun r)
    {
        var d = r.Pick(SiteValues.Dates);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Born == d).Single(),
            () => r.All.Where(p => p.Born == d).Single());
    }

    private static async Task Site61(SiteRun r)
    {
        var d = r.Pick(SiteValues.Dates);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Born == d).Skip(sk).Take(tk).SingleOrDefault(),
            () => r.All.Where(p => p.Born == d).Skip(sk).Take(tk).SingleOrDefault());
    }

    private static async Task Site62(SiteRun r)
    {
        var d = r.Pick(SiteValues.Dates);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Born == d).Take(tk).Count(),
            () => r.All.Where(p => p.Born == d).Take(tk).Count());
    }

    private static async Task Site63(SiteRun r)
    {
        var d = r.Pick(SiteValues.Dates);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Born == d).LongCount(),
            () => r.All.Where(p => p.Born == d).LongCount());
    }

    private static async Task Site64(SiteRun r)
    {
        var d = r.Pick(SiteValues.Dates);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Born == d).Skip(sk).Take(tk).Any(),
            () => r.All.Where(p => p.Born == d).Skip(sk).Take(tk).Any());
    }

    private static async Task Site65(SiteRun r)
    {
        var z = r.Pick(SiteValues.Zips);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Home!.Zip == z).Take(tk).ToListAsync(),
            () => r.All.Where(p => p.Home?.Zip == z).Take(tk).ToList());
    }

    private static async Task Site66(SiteRun r)
    {
        var z = r.Pick(SiteValues.Zips);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Home!.Zip == z).OrderBy(p => p.Id).FirstOrDefaultAsync(),
            () => r.All.Where(p => p.Home?.Zip == z).OrderBy(p => p.Id).FirstOrDefault());
    }

    private static async Task Site67(SiteRun r)
    {
        var z = r.Pick(SiteValues.Zips);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Home!.Zip == z).Skip(sk).Take(tk).CountAsync(),
            () => r.All.Where(p => p.Home?.Zip == z).Skip(sk).Take(tk).Count());
    }

    private static async Task Site68(SiteRun r)
    {
        var z = r.Pick(SiteValues.Zips);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Home!.Zip == z).Take(tk).AnyAsync(),
            () => r.All.Where(p => p.Home?.Zip == z).Take(tk).Any());
    }

    private static async Task Site69(SiteRun r)
    {
        var z = r.Pick(SiteValues.Zips);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Home!.Zip == z).SingleOrDefaultAsync(),
            () => r.All.Where(p => p.Home?.Zip == z).SingleOrDefault());
    }

    private static async Task Site70(SiteRun r)
    {
        var z = r.Pick(SiteValues.Zips);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Home!.Zip != z || !(p.Home!.Zip > z)).Skip(sk).Take(tk).ToList(),
            () => r.All.Where(p => p.Home?.Zip != z || !(p.Home?.Zip > z)).Skip(sk).Take(tk).ToList());
    }

    private static async Task Site71(SiteRun r)
    {
        var z = r.Pick(SiteValues.Zips);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Home!.Zip != z || !(p.Home!.Zip > z)).OrderBy(p => p.Id).Take(tk).Select(p => new Linq.LinqRow(p.Id, p.Code, p.Home!.City, p.Score)).ToArray(),
            () => r.All.Where(p => p.Home?.Zip != z || !(p.Home?.Zip > z)).OrderBy(p => p.Id).Take(tk).Select(p => new Linq.LinqRow(p.Id, p.Code, p.Home == null ? null : p.Home.City, p.Score)).ToArray());
    }

    private static async Task Site72(SiteRun r)
    {
        var z = r.Pick(SiteValues.Zips);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Home!.Zip != z || !(p.Home!.Zip > z)).First(),
            () => r.All.Where(p => p.Home?.Zip != z || !(p.Home?.Zip > z)).First());
    }

    private static async Task Site73(SiteRun r)
    {
        var z = r.Pick(SiteValues.Zips);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Home!.Zip != z || !(p.Home!.Zip > z)).OrderBy(p => p.Id).Skip(sk).Take(tk).FirstOrDefault(),
            () => r.All.Where(p => p.Home?.Zip != z || !(p.Home?.Zip > z)).OrderBy(p => p.Id).Skip(sk).Take(tk).FirstOrDefault());
    }

    private static async Task Site74(SiteRun r)
    {
        var z = r.Pick(SiteValues.Zips);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Home!.Zip != z || !(p.Home!.Zip > z)).Take(tk).Single(),
            () => r.All.Where(p => p.Home?.Zip != z || !(p.Home?.Zip > z)).Take(tk).Single());
    }

    private static async Task Site75(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        var w = r.Pick(SiteValues.Weights);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => !(p.Rank > a) && p.Weight <= w).OrderBy(p => p.Id).SingleOrDefault(),
            () => r.All.Where(p => !(p.Rank > a) && p.Weight <= w).OrderBy(p => p.Id).SingleOrDefault());
    }

    private static async Task Site76(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        var w = r.Pick(SiteValues.Weights);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => !(p.Rank > a) && p.Weight <= w).Skip(sk).Take(tk).Count(),
            () => r.All.Where(p => !(p.Rank > a) && p.Weight <= w).Skip(sk).Take(tk).Count());
    }

    private static async Task Site77(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        var w = r.Pick(SiteValues.Weights);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => !(p.Rank > a) && p.Weight <= w).Take(tk).LongCount(),
            () => r.All.Where(p => !(p.Rank > a) && p.Weight <= w).Take(tk).LongCount());
    }

    private static async Task Site78(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        var w = r.Pick(SiteValues.Weights);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => !(p.Rank > a) && p.Weight <= w).OrderBy(p => p.Id).Any(),
            () => r.All.Where(p => !(p.Rank > a) && p.Weight <= w).OrderBy(p => p.Id).Any());
    }

    private static async Task Site79(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ranks);
        var w = r.Pick(SiteValues.Weights);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => !(p.Rank > a) && p.Weight <= w).OrderBy(p => p.Id).Skip(sk).Take(tk).Select(p => new LinqCard { Id = p.Id, Kind = p.Kind, Weight = p.Weight, Active = p.Active }).ToListAsync(),
            () => r.All.Where(p => !(p.Rank > a) && p.Weight <= w).OrderBy(p => p.Id).Skip(sk).Take(tk).Select(p => new LinqCard { Id = p.Id, Kind = p.Kind, Weight = p.Weight, Active = p.Active }).ToList());
    }

    private static async Task Site80(SiteRun r)
    {
        var act = r.Pick(SiteValues.Bools);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Active == act).OrderBy(p => p.Id).Take(tk).FirstOrDefaultAsync(),
            () => r.All.Where(p => p.Active == act).OrderBy(p => p.Id).Take(tk).FirstOrDefault());
    }

    private static async Task Site81(SiteRun r)
    {
        var act = r.Pick(SiteValues.Bools);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Active == act).OrderBy(p => p.Id).CountAsync(),
            () => r.All.Where(p => p.Active == act).OrderBy(p => p.Id).Count());
    }

    private static async Task Site82(SiteRun r)
    {
        var act = r.Pick(SiteValues.Bools);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Active == act).Skip(sk).Take(tk).AnyAsync(),
            () => r.All.Where(p => p.Active == act).Skip(sk).Take(tk).Any());
    }

    private static async Task Site83(SiteRun r)
    {
        var act = r.Pick(SiteValues.Bools);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Active == act).OrderBy(p => p.Id).Take(tk).SingleOrDefaultAsync(),
            () => r.All.Where(p => p.Active == act).OrderBy(p => p.Id).Take(tk).SingleOrDefault());
    }

    private static async Task Site84(SiteRun r)
    {
        var act = r.Pick(SiteValues.Bools);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Active == act).ToList(),
            () => r.All.Where(p => p.Active == act).ToList());
    }

    private static async Task Site85(SiteRun r)
    {
        var c = r.Pick(SiteValues.Codes);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Code == c).Skip(sk).Take(tk).ToArray(),
            () => r.All.Where(p => p.Code == c).Skip(sk).Take(tk).ToArray());
    }

    private static async Task Site86(SiteRun r)
    {
        var c = r.Pick(SiteValues.Codes);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Code == c).Take(tk).First(),
            () => r.All.Where(p => p.Code == c).Take(tk).First());
    }

    private static async Task Site87(SiteRun r)
    {
        var c = r.Pick(SiteValues.Codes);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Code == c).Select(p => new ValueTuple<int, string?>(p.Id, p.Name)).FirstOrDefault(),
            () => r.All.Where(p => p.Code == c).Select(p => new ValueTuple<int, string?>(p.Id, p.Name)).FirstOrDefault());
    }

    private static async Task Site88(SiteRun r)
    {
        var c = r.Pick(SiteValues.Codes);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Code == c).Skip(sk).Take(tk).Single(),
            () => r.All.Where(p => p.Code == c).Skip(sk).Take(tk).Single());
    }

    private static async Task Site89(SiteRun r)
    {
        var c = r.Pick(SiteValues.Codes);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Code == c).Take(tk).SingleOrDefault(),
            () => r.All.Where(p => p.Code == c).Take(tk).SingleOrDefault());
    }

    /// <summary>The sites: their names (number, kind, filter), whether the generator compiles them (null: not checked), and the code.</summary>
    public static readonly Site[] All =
    [
        new("45:scan:grade-le", true, Site45),
        new("46:scan:grade-le", true, Site46),
        new("47:scan:grade-le", true, Site47),
        new("48:scan:grade-le", true, Site48),
        new("49:scan:grade-le", true, Site49),
        new("50:scan:seen", true, Site50),
        new("51:scan:seen", true, Site51),
        new("52:scan:seen", true, Site52),
        new("53:scan:seen", true, Site53),
        new("54:scan:seen", true, Site54),
        new("55:scan:born", true, Site55),
        new("56:scan:born", true, Site56),
        new("57:scan:born", true, Site57),
        new("58:scan:born", true, Site58),
        new("59:scan:born", true, Site59),
        new("60:scan:born-eq", true, Site60),
        new("61:scan:born-eq", true, Site61),
        new("62:scan:born-eq", true, Site62),
        new("63:scan:born-eq", true, Site63),
        new("64:scan:born-eq", true, Site64),
        new("65:scan:zip", true, Site65),
        new("66:scan:zip", true, Site66),
        new("67:scan:zip", true, Site67),
        new("68:scan:zip", true, Site68),
        new("69:scan:zip", true, Site69),
        new("70:scan:zip-not", true, Site70),
        new("71:scan:zip-not", true, Site71),
        new("72:scan:zip-not", true, Site72),
        new("73:scan:zip-not", true, Site73),
        new("74:scan:zip-not", true, Site74),
        new("75:scan:rank-weight", true, Site75),
        new("76:scan:rank-weight", true, Site76),
        new("77:scan:rank-weight", true, Site77),
        new("78:scan:rank-weight", true, Site78),
        new("79:scan:rank-weight", true, Site79),
        new("80:scan:active", true, Site80),
        new("81:scan:active", true, Site81),
        new("82:scan:active", true, Site82),
        new("83:scan:active", true, Site83),
        new("84:scan:active", true, Site84),
        new("85:seek:code-eq", true, Site85),
        new("86:seek:code-eq", true, Site86),
        new("87:seek:code-eq", true, Site87),
        new("88:seek:code-eq", true, Site88),
        new("89:seek:code-eq", true, Site89),
    ];
}
