// Village sample: the scene setup, on the package's GoapWorldBehaviour. C# 7.2 (Unity 2021.3+, Mono's mcs).
using System;
using UnityEngine;

namespace Goap.Samples.Village
{
    /// <summary>
    /// Lays out the village's places and spawns the villagers. The world is the
    /// <see cref="GoapWorldBehaviour"/> on the same GameObject (added when missing): it loads
    /// the domain, plans the villagers in one batch per frame (<see cref="BatchPlanning"/>)
    /// and is disposed with the village. The village writes the shared fact every villager
    /// believes: the bridge, broken each night, repaired by the traveller.
    /// </summary>
    [DefaultExecutionOrder(-100)]
    [DisallowMultipleComponent]
    public sealed class GoapVillage : MonoBehaviour
    {
        /// <summary>The places of the village: the domain's "go_X" actions lead to X and make "at_X" true.</summary>
        public static readonly string[] Places = { "bakery", "mill", "market", "tavern", "gate", "wall", "well", "river", "field" };

        /// <summary>What a villager may carry: facts a villager's role sets at the start (the rest are false).</summary>
        public static readonly string[] Items = { "has_coin", "has_flour", "has_grain", "has_sickle", "has_bread", "has_meal", "has_planks" };

        [Tooltip("The domain as a domain asset (a .goap file); or leave it empty and use Domain Json.")]
        [SerializeField] GoapDomainAsset domain = null;

        [Tooltip("The domain as a TextAsset (JSON domain format): VillageDomain.json.")]
        [SerializeField] TextAsset domainJson = null;

        [Tooltip("Villagers to spawn at Awake; they take the roles below in turn.")]
        [SerializeField, Min(0)] int villagerCount = 4;

        [Tooltip("Optional: the villager prefab (with a GoapAgentBehaviour and a VillagerNpc). Without one, capsules are made.")]
        [SerializeField] VillagerNpc villagerPrefab = null;

        [SerializeField] VillagerRole[] roles = VillagerRole.Defaults();

        [Tooltip("Where the places are: one Transform per place, named like it (\"bakery\", \"mill\", ...). Missing ones are made on a circle.")]
        [SerializeField] Transform[] waypoints = new Transform[0];

        [Tooltip("Every search runs in one World.PlanAgents call per frame (the world's LateUpdate) instead of in each villager's step.")]
        [SerializeField] bool batchPlanning = true;

        [Tooltip("Seconds of a village day. A new day brings new orders (work goals become unmet again) and wages.")]
        [SerializeField, Min(1f)] float dayLength = 30f;

        [Tooltip("Seed of the villagers' System.Random (the failing action's dice): the same seed replays the same failures (with 10, the traveller's first bridge repair fails).")]
        [SerializeField] int seed = 10;

        [Tooltip("Point the main camera at the village on Awake.")]
        [SerializeField] bool frameMainCamera = true;

        GoapWorldBehaviour goap;
        Transform[] placeTransforms;
        string[] goalNames = new string[0];
        float clock;
        int day;
        int sharedDay = -1;
        static Font labelFont;

        /// <summary>The world's component (null when the domain is missing or broken).</summary>
        public GoapWorldBehaviour WorldBehaviour { get { return goap; } }

        /// <summary>The world: null before Awake, when the domain failed to load, or after OnDestroy.</summary>
        public World World { get { return goap != null ? goap.World : null; } }

        /// <summary>The domain asset the villagers plan in.</summary>
        public GoapDomainAsset DomainAsset { get { return domain; } }

        /// <summary>The village domain in the world (valid while <see cref="World"/> is not null).</summary>
        public Domain Domain { get { return goap.GetDomain(domain); } }

        /// <summary>True: villagers are made with PlanInStep false and planned by the world's batch.</summary>
        public bool BatchPlanning { get { return batchPlanning; } }

        /// <summary>The current day, from 0; villagers watch it change.</summary>
        public int Day { get { return day; } }

        /// <summary>The seed villagers derive their dice from.</summary>
        public int Seed { get { return seed; } }

        /// <summary>The names of the goals of the domain file, in order.</summary>
        public string[] GoalNames { get { return goalNames; } }

        /// <summary>What the world's latest batch did.</summary>
        public BatchStats LastBatch { get { return goap != null ? goap.LastBatch : default(BatchStats); } }

        /// <summary>The Transform of <paramref name="place"/> (one of <see cref="Places"/>), or null.</summary>
        public Transform FindPlace(string place)
        {
            int i = Array.IndexOf(Places, place);
            return i < 0 || placeTransforms == null ? null : placeTransforms[i];
        }

        /// <summary>The place a "go_X" action leads to, without making garbage; null for another action.</summary>
        public Transform PlaceOfWalk(string action)
        {
            for (int i = 0; i < Places.Length; i++)
            {
                var p = Places[i];
                if (action.Length == p.Length + 3 && string.CompareOrdinal(action, 3, p, 0, p.Length) == 0 && action.StartsWith("go_", StringComparison.Ordinal))
                    return placeTransforms[i];
            }
            return null;
        }

        void Awake()
        {
            if (domain == null && domainJson != null)
                domain = GoapDomainAsset.FromJson(domainJson.text, string.IsNullOrEmpty(domainJson.name) ? "VillageDomain.json" : domainJson.name);
            if (domain == null)
            {
                Debug.LogError("GoapVillage: assign the domain TextAsset (VillageDomain.json) or a domain asset", this);
                enabled = false;
                return;
            }
            if (!domain.IsValid)
            {
                foreach (var m in domain.Messages) if (m.IsError) Debug.LogError("GoapVillage: " + m.Format(domain.SourceName), this);
                enabled = false;
                return;
            }
            goap = GetComponent<GoapWorldBehaviour>();
            if (goap == null) goap = gameObject.AddComponent<GoapWorldBehaviour>();
            if (goap.World == null) { enabled = false; return; } // the world logged why
            goap.BatchPlanning = batchPlanning;
            goalNames = new string[domain.GoalNames.Count];
            for (int i = 0; i < goalNames.Length; i++) goalNames[i] = domain.GoalNames[i];
            LayOutPlaces();
            if (frameMainCamera && Camera.main != null)
            {
                Camera.main.transform.position = transform.position + new Vector3(0f, 14f, -12f);
                Camera.main.transform.LookAt(transform.position);
            }
            Spawn();
        }

        void Update()
        {
            clock += Time.deltaTime;
            day = (int)(clock / dayLength);
            if (World != null && day != sharedDay)
            {
                // The river breaks the bridge every night: a shared fact, written once for every
                // villager; only those whose plans or goals depend on the bridge review.
                sharedDay = day;
                goap.SetSharedFact(domain, "bridge_intact", false);
            }
        }

        /// <summary>A villager finished <paramref name="action"/>: what it changed in the world is written as shared facts (a repaired bridge).</summary>
        public void ActionDone(string action)
        {
            if (World != null && action == "repair_bridge") goap.SetSharedFact(domain, "bridge_intact", true);
        }

        void LayOutPlaces()
        {
            placeTransforms = new Transform[Places.Length];
            for (int i = 0; i < Places.Length; i++)
            {
                foreach (var w in waypoints)
                    if (w != null && w.name == Places[i]) placeTransforms[i] = w;
                if (placeTransforms[i] != null) continue;
                float angle = 2f * Mathf.PI * i / Places.Length;
                var marker = GameObject.CreatePrimitive(PrimitiveType.Cylinder);
                marker.name = Places[i];
                marker.transform.SetParent(transform, false);
                marker.transform.localPosition = new Vector3(7f * Mathf.Cos(angle), 0f, 7f * Mathf.Sin(angle));
                marker.transform.localScale = new Vector3(1.6f, 0.05f, 1.6f);
                Label(marker.transform, Places[i], new Vector3(0f, 0.3f, -1.2f), Color.white);
                placeTransforms[i] = marker.transform;
            }
        }

        void Spawn()
        {
            if (roles == null || roles.Length == 0) return;
            for (int i = 0; i < villagerCount; i++)
            {
                var role = roles[i % roles.Length];
                VillagerNpc npc;
                if (villagerPrefab != null)
                {
                    npc = Instantiate(villagerPrefab, transform);
                }
                else
                {
                    var body = GameObject.CreatePrimitive(PrimitiveType.Capsule);
                    body.transform.SetParent(transform, false);
                    body.AddComponent<GoapAgentBehaviour>();
                    npc = body.AddComponent<VillagerNpc>();
                }
                npc.name = i < roles.Length ? role.name : role.name + " " + (i / roles.Length + 1);
                // Before the agent's Start, which makes the agent in this village's world.
                npc.Configure(this, role, i);
            }
        }

        /// <summary>A text label under <paramref name="parent"/> (TextMesh: no UI package needed).</summary>
        internal static TextMesh Label(Transform parent, string text, Vector3 localPosition, Color color)
        {
            var go = new GameObject("label");
            go.transform.SetParent(parent, false);
            go.transform.localPosition = localPosition;
            go.transform.rotation = Quaternion.Euler(50f, 0f, 0f);
            var mesh = go.AddComponent<TextMesh>();
            // A TextMesh made in code has no font: give it the built-in one and its material.
            if (labelFont == null)
            {
#if UNITY_2022_2_OR_NEWER
                labelFont = Resources.GetBuiltinResource<Font>("LegacyRuntime.ttf");
#else
                labelFont = Resources.GetBuiltinResource<Font>("Arial.ttf");
#endif
            }
            mesh.font = labelFont;
            var meshRenderer = go.GetComponent<MeshRenderer>();
            if (meshRenderer != null && labelFont != null) meshRenderer.sharedMaterial = labelFont.material;
            mesh.text = text;
            mesh.anchor = TextAnchor.MiddleCenter;
            mesh.characterSize = 0.15f;
            mesh.fontSize = 32;
            mesh.color = color;
            return mesh;
        }
    }
    /// <summary>Who a villager is: where it starts, what it carries, its work goal, its hunger, what a new day changes.</summary>
    [Serializable]
    public sealed class VillagerRole
    {
        public string name = "Villager";
        public string job = "cook";
        [Tooltip("The place it starts at (one of GoapVillage.Places).")]
        public string startAt = "bakery";
        [Tooltip("Items (facts) true at the start; every other item is false.")]
        public string[] items = new string[0];
        [Tooltip("Its work goal (a \"goals\" entry of the domain file); the other work goals get priority 0.")]
        public string workGoal = "bake";
        public float workPriority = 5f;
        [Tooltip("Hunger at the start: the \"eat\" goal's priority.")]
        public float hunger;
        [Tooltip("Hunger gained per second.")]
        public float hungerPerSecond = 0.3f;
        [Tooltip("Facts a new day makes false (new orders: the work goal is unmet again).")]
        public string[] newDayFalse = new string[0];
        [Tooltip("Facts a new day makes true (wages).")]
        public string[] newDayTrue = new string[0];
        public Color color = Color.white;

        /// <summary>The four villagers of the goap demo: a cook, a farmer, a guard and a traveller.</summary>
        public static VillagerRole[] Defaults()
        {
            return new[]
            {
                new VillagerRole
                {
                    name = "Mara", job = "cook", startAt = "bakery", items = new[] { "has_flour", "has_coin" },
                    workGoal = "bake", hunger = 0f, hungerPerSecond = 0.15f,
                    newDayFalse = new[] { "bread_delivered" }, newDayTrue = new[] { "has_flour" },
                    color = new Color(0.95f, 0.75f, 0.3f),
                },
                new VillagerRole
                {
                    name = "Tom", job = "farmer", startAt = "field", items = new[] { "has_sickle" },
                    workGoal = "farm", hunger = 1f, hungerPerSecond = 0.2f,
                    newDayFalse = new[] { "grain_sold" }, color = new Color(0.45f, 0.8f, 0.35f),
                },
                new VillagerRole
                {
                    name = "Brom", job = "guard", startAt = "gate", items = new[] { "has_coin" },
                    workGoal = "patrol", hunger = 4.6f, hungerPerSecond = 0.15f,
                    newDayFalse = new[] { "gate_checked", "wall_checked", "well_checked" },
                    newDayTrue = new[] { "has_coin" }, color = new Color(0.4f, 0.55f, 0.95f),
                },
                new VillagerRole
                {
                    name = "Wren", job = "traveller", startAt = "river", items = new string[0],
                    workGoal = "cross", workPriority = 4f, hunger = 0.5f, hungerPerSecond = 0.05f,
                    newDayFalse = new[] { "across_river" },
                    newDayTrue = new[] { "has_coin" }, color = new Color(0.85f, 0.4f, 0.8f),
                },
            };
        }
    }
}
